# Installs Debian's Chromium and ChromeDriver (/usr/bin/chromium,
# /usr/bin/chromedriver) when they are missing: the web board's browser
# tests drive them. Sourced by .ci/run; needs root.

install_chromium() {
    if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
        echo "Chromium is installed: $(/usr/bin/chromium --version 2>/dev/null)"
        return
    fi
    echo "Chromium is missing: installing Debian's chromium and chromium-driver packages"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
    echo "Chromium is installed: $(/usr/bin/chromium --version 2>/dev/null)"
}
