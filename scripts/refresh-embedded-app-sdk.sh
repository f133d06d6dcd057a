#!/usr/bin/env bash
# Rebuilds src/web/page/vendor/embedded-app-sdk.js, the Discord Embedded App
# SDK as one browser script (window.DiscordSDKLib) for the Activity page,
# with its licence and those of the packages bundled into it.
#
#   scripts/refresh-embedded-app-sdk.sh            # latest on npm
#   scripts/refresh-embedded-app-sdk.sh 2.5.0      # that version
#   ESBUILD_VERSION=0.28.2 scripts/refresh-...     # pin esbuild too
#
# Needs node and npm; the bot itself serves the committed file.
set -euo pipefail

sdk_version="${1:-latest}"
esbuild_version="${ESBUILD_VERSION:-latest}"
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="$repo/src/web/page/vendor"

work="$(mktemp -d /tmp/sdkbuild.XXXXXX)"
trap 'rm -rf "$work"' EXIT
cd "$work"

npm init -y >/dev/null
npm install --no-audit --no-fund --save-exact --loglevel=error \
    "@discord/embedded-app-sdk@$sdk_version" "esbuild@$esbuild_version"

cat >entry.js <<'JS'
import { DiscordSDK, DiscordSDKMock, Events } from '@discord/embedded-app-sdk';
window.DiscordSDKLib = { DiscordSDK, DiscordSDKMock, Events };
JS

./node_modules/.bin/esbuild entry.js --bundle --minify --format=iife \
    --target=es2020 --legal-comments=none --metafile=meta.json \
    --outfile=embedded-app-sdk.js

# Packages whose code is in the bundle, from esbuild's metafile: those it
# took from node_modules, and those the SDK's own build already inlined
# (output/lib/<name>). The SDK first.
node -e '
const sdk = "@discord/embedded-app-sdk";
const names = new Set([sdk]);
for (const p of Object.keys(require("./meta.json").inputs)) {
  const m = p.match(/output\/lib\/((?:@[^/]+\/)?[^/]+)\//) ||
    p.match(/.*node_modules\/((?:@[^/]+\/)?[^/]+)\//);
  if (m) names.add(m[1]);
}
console.log([...names].join("\n"));
' >packages.txt

# An inlined package that is no dependency of the SDK (a build helper such
# as tslib) is fetched here only for its licence file.
missing=()
while read -r name; do
    [ -f "node_modules/$name/package.json" ] || missing+=("$name")
done <packages.txt
if [ "${#missing[@]}" -gt 0 ]; then
    npm install --no-save --no-audit --no-fund --loglevel=error "${missing[@]}"
fi

version_of() { node -p "require('./node_modules/$1/package.json').version"; }

mkdir -p "$out"
rm -f "$out"/LICENSE-*
cp embedded-app-sdk.js "$out/embedded-app-sdk.js"
{
    echo "@discord/embedded-app-sdk $(version_of @discord/embedded-app-sdk), bundled with esbuild $(version_of esbuild)"
    echo "Code in the bundle (the SDK inlines the others), with the licence file copied from each npm package:"
} >"$out/VERSION"

while read -r name; do
    if [ "$name" = "@discord/embedded-app-sdk" ]; then
        short="embedded-app-sdk"
    else
        short="${name#@}"
        short="${short//\//-}"
    fi
    licence="$(find "node_modules/$name" -maxdepth 1 -type f \( -iname 'license*' -o -iname 'licence*' -o -iname 'copying*' \) | sort | sed -n 1p)"
    kind="$(node -p "require('./node_modules/$name/package.json').license || 'unstated'")"
    if [ -n "$licence" ]; then
        cp "$licence" "$out/LICENSE-$short"
        file="LICENSE-$short"
    else
        file="no licence file in the package"
    fi
    echo "  $name $(version_of "$name") ($kind): $file" >>"$out/VERSION"
done <packages.txt

raw=$(wc -c <"$out/embedded-app-sdk.js")
gz=$(gzip -9 -c "$out/embedded-app-sdk.js" | wc -c)
cat "$out/VERSION"
echo "embedded-app-sdk.js: $raw bytes, $gz bytes gzip -9"
