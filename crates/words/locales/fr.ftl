# Français (fr). Syntaxe Fluent : voir l'en-tête de en-US.ftl.
# { name-… } : le nom d'une commande ou d'une option tel que la liste des
# commandes le montre en français. Pluriels (CLDR) : « one » vaut pour 0 et 1.
# Les noms de jeux portent leur genre (.gender) pour « au » / « à la ».

refusal-table-running = Une table de { $game } est déjà en cours dans ce salon. Terminez-la (ou /{ name-end }, si vous en êtes l'hôte) d'abord, ou lancez votre partie dans un autre salon ou un fil.
refusal-no-table = Aucune partie dans ce salon. Lancez-en une avec /{ name-connect4 }, /{ name-connect4-3p }, /{ name-connect4-3d } ou /{ name-dots }.
refusal-not-your-turn = Ce n'est pas votre tour.
refusal-not-your-table = Vous ne jouez pas à cette table.
refusal-column-full = Cette colonne est pleine : choisissez-en une autre.
refusal-rod-full = Cette tige est pleine : choisissez-en une autre.
refusal-line-drawn = Ce trait est déjà tracé : choisissez-en un autre.
refusal-no-such-move = Ce coup n'existe pas sur ce plateau.
refusal-game-over = Cette partie est terminée.
refusal-stale = Ce plateau n'est plus à jour : utilisez le message le plus récent.
refusal-not-invited = Cette invitation est destinée à quelqu'un d'autre.
refusal-host-cannot-answer = Vous avez envoyé cette invitation : attendez la réponse.
refusal-already-answered = Vous avez déjà répondu à cette invitation.
refusal-invitation-expired = Cette invitation a expiré.
refusal-already-started = Cette partie a déjà commencé.
refusal-not-started = La partie n'a pas encore commencé : en attente des réponses.
refusal-match-not-over = La manche est encore en cours.
refusal-table-closed = Cette table est fermée.
refusal-invited-yourself = Pour jouer les deux camps, indiquez-vous comme seul adversaire.
refusal-too-many-players = Trop de joueurs pour ce jeu.
refusal-bot-opponent = Les bots ne jouent pas. Laissez l'adversaire vide pour jouer contre moi.
refusal-nothing-to-undo = Vous n'avez aucun coup à reprendre.
refusal-own-undo-request = Vous avez demandé cette annulation : c'est votre adversaire qui répond.
refusal-undo-pending = Une demande d'annulation attend déjà une réponse.
refusal-hint-not-your-turn = Les indices sont pour votre tour : patientez.
refusal-unknown-game = Cette taille de plateau n'est pas disponible.
refusal-not-in-guild = Cela ne fonctionne que dans un serveur qui m'a ajouté.
refusal-table-replaced = Une table plus récente a été ouverte dans ce salon : utilisez son plateau.
refusal-broken-table = Désolé, cette table n’a pas pu être restaurée après un redémarrage et ne peut plus être jouée : ouvrez-en une nouvelle dans ce salon.
refusal-hint-pending = Un indice est déjà en préparation pour cette table : il arrive dans un instant.
refusal-no-undo-request = Il n'y a pas de demande d'annulation à laquelle répondre.
refusal-unknown-control = Ce bouton n'appartient à aucune table que je connais : lancez une nouvelle partie ou utilisez le plateau le plus récent.
refusal-board-refreshed = Ce plateau n'était plus à jour : il montre maintenant la partie en cours. Rejouez dessus.
refusal-open-self-play = Une table ouverte est faite pour que d'autres la rejoignent : retirez `{ name-open }` pour jouer les deux camps.
refusal-not-host = Seul l'hôte de cette table peut faire cela.
refusal-paused = La partie est en pause : l'hôte la reprend avec /{ name-resume }.
refusal-already-paused = La partie est déjà en pause.
refusal-not-paused = La partie n'est pas en pause.
refusal-already-seated = Vous avez déjà une place à cette table.
refusal-no-free-seat = Toutes les places de cette table sont prises.
refusal-no-cpu-seat = Il n'y a pas de place du CPU à prendre à cette table.
refusal-host-stays = Vous êtes l'hôte de cette table : utilisez /{ name-end } pour la fermer.
refusal-cannot-end = Seul l'hôte, ou un membre qui peut gérer les messages ici, peut terminer cette table.
refusal-nothing-due = Rien n'arrive à échéance à cette table pour l'instant.
refusal-not-open = Cette table attend ses joueurs invités : elle n'est pas ouverte aux autres.
refusal-no-undo-in-ranked = Les parties classées n'ont pas d'annulation.
refusal-cannot-change-settings = Seuls les membres qui peuvent gérer ce salon changent ses réglages. Utilisez /{ name-settings } sans option pour les voir.
error-unknown-timer = « { $timer } » n'est pas une durée : choisissez 30, 60 ou 90 secondes.
error-restarting = Le bot redémarre : réessayez dans un instant.
closed-idle = Cette table de **{ $game }** a été fermée après un long moment sans coup.
closed-gone = Cette table de **{ $game }** a été fermée sans résultat : son serveur, son salon ou son fil n'existe plus.
board-timed-out-left = ⏱️ { $user } n'a plus de temps : un CPU joue { $seat }, sauf s'il appuie sur { button-rejoin } (une fois) avant la fin de la partie.
board-abandoned-left = 🚪 { $user } a quitté la partie : un CPU joue { $seat }, sauf s'il appuie sur { button-rejoin } (une fois) avant la fin de la partie.
board-reserved = 🪑 { $user } prend la place { $seat } du CPU à partir de la prochaine partie.
board-freed = 🪑 Le CPU quitte { $seat } après cette partie : des joueurs peuvent la prendre.
board-vacated = 🚪 { $seat } a quitté la table : un CPU prend cette place à partir de la prochaine partie.
board-paused = ⏸️ En pause par { $host } { $since } : rien ne bouge jusqu'à ce que l'hôte reprenne.
board-clock = — ⏱️ le temps s'écoule { $when }
result-timed-out = ⏱️ { $who } n'a plus de temps.
result-timed-out-wins = ⏱️ { $who } n'a plus de temps. 🏆 **{ $winner } gagne !**
result-abandoned = 🚪 { $who } a quitté la partie.
result-abandoned-wins = 🚪 { $who } a quitté la partie. 🏆 **{ $winner } gagne !**
button-join = Rejoindre
button-leave = Quitter
button-start = Commencer
button-pause = Pause
button-resume = Reprendre
button-free-seat = Libérer une place du CPU
state-open = table ouverte
state-inviting = en attente des réponses
state-playing = en cours
state-paused = ⏸️ en pause
state-over = partie finie
state-ended = terminée
rules-timer = ⏱️ { $seconds } s par coup
rules-same-starter = même joueur commence
lobby-free = — place libre —
lobby-text = Appuyez sur **Rejoindre** pour prendre une place libre, **Quitter** pour rendre la vôtre. { $host } appuie sur **Commencer** ; le CPU ({ $level }) prend les places encore libres.
done-end = La table a été terminée.
done-pause = La partie est en pause. /{ name-resume } la relance.
done-resume = La partie reprend.
done-leave = Vous avez quitté la table.
done-resign = Vous avez abandonné.
settings-no-timer = pas de limite par coup
settings-on = oui
settings-off = non
settings-shown = Réglages de ce salon : { $timer } · le premier joueur alterne : { $rotate } · niveau du CPU : { $level } · parties classées : { $ranked }.
settings-changed = Enregistré. Les réglages de ce salon sont maintenant : { $timer } · le premier joueur alterne : { $rotate } · niveau du CPU : { $level } · parties classées : { $ranked }.
settings-table-changed = Prochaines parties de cette table : { $timer } · le premier joueur alterne : { $rotate } · niveau du CPU : { $level }.
command-end = Terminer la table de ce salon (hôte ou modérateurs)
command-pause = Mettre en pause la partie de ce salon (hôte)
command-resume = Reprendre la partie en pause de ce salon (hôte)
command-leave = Quitter votre place à la table de ce salon
command-resign = Abandonner la partie en cours
command-settings = Voir les réglages de jeu de ce salon, ou les changer (Gérer les salons)
option-timer = Secondes par coup (par défaut : celles du salon, aucune sinon)
option-open = Table ouverte : chacun peut rejoindre jusqu'à ce que vous appuyiez sur Commencer
option-rotate = Le premier joueur alterne après chaque partie
option-settings-timer = Secondes par coup sur les nouvelles tables
option-settings-ranked = Autoriser les parties classées dans ce salon
choice-timer-off = aucune
choice-timer-30 = 30 s
choice-timer-60 = 60 s
choice-timer-90 = 90 s
name-end = terminer
name-pause = pause
name-resume = reprendre
name-leave = quitter
name-resign = abandonner
name-settings = réglages
name-timer = chrono
name-open = ouverte
name-rotate = alterner
name-ranked = classée
error-storage = Désolé, je n'ai pas pu enregistrer ce coup : rien n'a changé. Réessayez dans un instant.

error-apology = Désolé, un problème est survenu de mon côté. Réessayez.
error-bad-move-name = « { $typed } » n'est pas un coup sur ce plateau. Choisissez-en un dans la liste en tapant.
error-invite-once = Invitez chaque personne une seule fois.
error-unknown-level = Niveau inconnu « { $level } » : utilisez easy, medium ou hard.
error-pick-colour = Choisissez rouge ou jaune.
error-unknown-size = Taille inconnue « { $size } » : utilisez 5x4, 3x3, 4x4 ou 5x5.
error-unexpected-option = Option inattendue « { $option } ».
error-self-in-three = Dans une partie à trois, ne mettez pas votre propre nom : les places vides vont au CPU.

move-played = Vous avez joué { $move }.
hint-text = 💡 Indice : le CPU difficile jouerait **{ $move }**.
hint-wins = 💡 Indice : **{ $move }** gagne, en { $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    } en comptant celui-ci.
hint-wins-now = 💡 Indice : **{ $move }** gagne tout de suite.
hint-wins-proved = 💡 Indice : **{ $move }** gagne (prouvé ; en combien de coups, pas calculé à temps).
hint-draws = 💡 Indice : **{ $move }** tient la nulle ; aucun coup ne gagne.
hint-loses = 💡 Indice : tous les coups perdent ; **{ $move }** résiste le plus longtemps, { $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    } en comptant celui-ci.
hint-loses-now = 💡 Indice : tous les coups perdent tout de suite ; **{ $move }** vaut n'importe quel autre.
hint-loses-proved = 💡 Indice : tous les coups perdent ; **{ $move }** est le choix de la recherche.
hint-guess = 💡 Indice : meilleure supposition **{ $move }** (rien de prouvé à temps).
hint-none = Aucun coup à suggérer : la partie est terminée.

game-connect4 = Quatre en ligne
    .gender = masculine
game-connect4-3p = Quatre en ligne à trois
    .gender = masculine
game-connect4-3d = Quatre en ligne 3D
    .gender = masculine
game-dots = Pipopipette
    .gender = feminine

colour-red = rouge
colour-yellow = jaune
colour-blue = bleu
colour-grey = gris
word-column = colonne
word-rod = tige
word-line = trait
level-easy = facile
level-medium = moyen
level-hard = difficile
cpu-name = CPU ({ $level })

invite-text = { $invited }, { $host } vous invite à jouer { $game-gender ->
        [feminine] à la
       *[other] au
    } **{ $game }** ! Acceptez ou refusez dans les 5 minutes.
invite-accepted = (a accepté)
invite-declined = (a refusé : le CPU prend la place)
closed-declined = { $user } a refusé l'invitation à jouer { $game-gender ->
        [feminine] à la
       *[other] au
    } **{ $game }**.
closed-expired = L'invitation à jouer { $game-gender ->
        [feminine] à la
       *[other] au
    } **{ $game }** a expiré sans réponse.
closed-ended = { $user } a terminé cette table de **{ $game }**.

board-match = manche { $n }
board-vs = contre
board-declined = { $user } a refusé : un CPU joue cette place.
board-missed = { $user } n'a pas répondu à temps : un CPU joue cette place.
board-resigned-left = { $user } a abandonné et est parti : un CPU joue { $seat } jusqu'à la fin de la manche.
board-last-move = Dernier coup : { $emoji } { $word } { $move }
board-box-again = — boîte fermée : on rejoue
board-boxes = Boîtes : { $a } · { $b }
board-undo-request = ↩️ { $user } demande à reprendre son dernier coup. Adversaire : **{ $accept }** ou **{ $decline }** ?
board-turn = **Au tour de :** { $who }
board-thinking = — réfléchit…
board-menu = Tracer un trait ({ $first } … { $last })

result-wins = 🏆 **{ $who } gagne !**
result-wins-score = 🏆 **{ $who } gagne { $a }–{ $b } !**
result-draw = **Match nul !** Le plateau est plein.
result-draw-score = **Match nul !** { $a }–{ $b }
result-resigned = { $who } a abandonné.
result-resigned-wins = { $who } a abandonné. 🏆 **{ $winner } gagne !**

button-accept = Accepter
button-decline = Refuser
button-resign = Abandonner
button-rematch = Revanche
button-undo = Annuler
button-hint = Indice

command-connect4 = Jouer au Quatre en ligne : défiez quelqu'un ou jouez contre moi
command-connect4-3p = Jouer au Quatre en ligne à trois sur un plateau 9×9
command-connect4-3d = Jouer au Quatre en ligne 3D sur un cube 4×4×4
command-dots = Jouer à la pipopipette (Dots and Boxes)
command-move = Jouer un coup dans la partie de ce salon
option-opponent = Qui défier (vide : contre le CPU ; vous-même : les deux camps)
option-player2 = Un deuxième joueur (les places vides vont au CPU)
option-player3 = Un troisième joueur (les places vides vont au CPU)
option-level = La force du CPU (par défaut : moyen)
option-color = Votre couleur contre le CPU (par défaut : tirée au sort)
option-size = Boîtes en largeur × hauteur (par défaut : 5x4)
option-at = Le coup : nom de la colonne, de la tige ou du trait
choice-red-first = rouge (commence)
choice-yellow = jaune

# Noms localisés des commandes et des options.
name-move = jouer
name-opponent = adversaire
name-player2 = joueur2
name-player3 = joueur3
name-level = niveau
name-color = couleur
name-size = taille
name-at = coup

# /help et /rules
command-help = Comment jouer avec ce bot
command-rules = Les règles d'un jeu
option-game = Quel jeu
name-help = aide
name-rules = regles
name-game = jeu
help-text = **boardbot** organise des jeux de plateau dans ce salon.
    • `/{ name-connect4 }`, `/{ name-connect4-3p }`, `/{ name-connect4-3d }`, `/{ name-dots }` : lancez une partie. Sans adversaire vous jouez contre moi ; nommez un ami pour l'inviter ; nommez-vous pour jouer les deux camps. `{ name-level }` : { level-easy }, { level-medium } ou { level-hard }.
    • Jouez avec les boutons ou menus sous le plateau, ou avec `/{ name-move } { name-at }:` (4, B3, a1-b1).
    • **{ button-resign }**, **{ button-rematch }**, **{ button-hint }** (contre le CPU et en 3D), **{ button-undo }** (contre le CPU tout de suite ; entre joueurs l'adversaire accepte).
    • `{ name-timer }:` 30, 60 ou 90 s par coup ; `{ name-open }:true` ouvre la table : **{ button-join }**, **{ button-leave }**, et l'hôte appuie sur **{ button-start }**.
    • `/{ name-pause }`, `/{ name-resume }` (hôte), `/{ name-end }` (hôte ou Gérer les messages), `/{ name-leave }`, `/{ name-resign }`, `/{ name-settings }` (réglages du salon).
    • Une partie par salon : utilisez un fil pour une autre.
    • `/{ name-rules } { name-game }:` explique un jeu.
    • `/{ name-tournament } { name-create }` : un tournoi suisse ou toutes rondes dans ce salon, chaque partie dans son propre fil.
rules-connect4 = **Quatre en ligne** (2 joueurs, 7 × 6)
    • Rouge commence, puis jaune. Choisissez une colonne : le jeton tombe dans la case libre la plus basse. Une colonne pleine ne prend plus de jeton.
    • Quatre jetons ou plus de votre couleur alignés — horizontalement, verticalement ou en diagonale — gagnent aussitôt.
    • Un plateau plein sans alignement est un match nul.
rules-connect4-3p = **Quatre en ligne à trois** (3 joueurs, 9 × 9)
    • Rouge ○, jaune × et bleu ☆ jouent dans cet ordre ; rouge commence. Choisissez une colonne : le jeton tombe dans la case libre la plus basse.
    • Le premier à aligner quatre jetons ou plus gagne. Un plateau plein est un match nul.
    • Le CPU joue les places vides ; qui abandonne s'en va et le CPU prend sa place.
rules-connect4-3d = **Quatre en ligne 3D** (2 joueurs, 4 × 4 × 4)
    • 16 tiges de 4 perles. Rouge commence. Choisissez une tige (A1 … D4) : la perle descend à l'étage libre le plus bas.
    • Quatre en ligne droite gagnent : sur une rangée, une colonne ou une tige, dans un étage ou un plan vertical, ou d'un coin à l'autre par le centre (76 lignes).
    • Un cube plein est un match nul. **Indice** montre le coup du CPU difficile.
rules-dots = **La pipopipette** (2 joueurs ; 5 × 4 boîtes, aussi 3 × 3, 4 × 4, 5 × 5)
    • Tracez un trait entre deux points voisins (a1-b1, a1-a2).
    • Fermer le quatrième côté d'une boîte la gagne, et vous rejouez aussitôt ; un trait qui ne ferme rien passe la main.
    • Quand toutes les boîtes sont prises, le plus grand nombre gagne ; l'égalité est un match nul. **Annuler** reprend votre dernier trait.

# Mots dessinés sur les images du plateau.
image-level = Étage { $n }
image-level-bottom = Étage 1 (bas)
image-level-top = Étage 4 (haut)

# Texte alternatif des images du plateau.
alt-grid-summary = { $title }, { $columns ->
        [one] { $columns } colonne
       *[other] { $columns } colonnes
    } × { $rows ->
        [one] { $rows } rangée
       *[other] { $rows } rangées
    }, { $total ->
        [one] { $total } jeton
       *[other] { $total } jetons
    } ({ $seats }).
alt-grid-last = Dernier jeton : { $who } dans la colonne { $column }, rangée { $row }.
alt-grid-last-anon = Dernier jeton : dans la colonne { $column }, rangée { $row }.
alt-grid-empty = Le plateau est vide.
alt-grid-win = Ligne gagnante de { $who } : { $cells } (colonne-rangée).
alt-grid-win-anon = Ligne gagnante : { $cells } (colonne-rangée).
alt-grid-columns = Colonnes, de bas en haut :
alt-empty = vides : { $list }.
alt-cube-summary = Quatre en ligne 3D, 4 étages côte à côte, le bas d'abord ; { $total ->
        [one] { $total } perle
       *[other] { $total } perles
    } ({ $seats }).
alt-cube-last = Dernière perle : { $who } sur la tige { $rod }, étage { $level }.
alt-cube-last-anon = Dernière perle : sur la tige { $rod }, étage { $level }.
alt-cube-cell = { $rod } étage { $level }
alt-cube-win = Ligne gagnante de { $who } : { $cells }.
alt-cube-win-anon = Ligne gagnante : { $cells }.
alt-cube-rods = Tiges, de bas en haut :
alt-cube-empty = Le cube est vide.
alt-dots-summary = Pipopipette, { $width } × { $height } { $boxes ->
        [one] boîte
       *[other] boîtes
    }. Score : { $a } ({ $a_seat }) { $a_score }, { $b } ({ $b_seat }) { $b_score }. { $drawn ->
        [one] { $drawn } trait tracé
       *[other] { $drawn } traits tracés
    } sur { $lines } ({ $a } { $a_lines }, { $b } { $b_lines }).
alt-dots-last = Dernier trait : { $line }, par { $who }.
alt-dots-last-anon = Dernier trait : { $line }.
alt-dots-named = Les boîtes portent le nom de leur point en haut à gauche.
alt-dots-boxes = Boîtes de { $who } : { $list }.
alt-dots-open = { $n ->
        [one] { $n } boîte ouverte.
       *[other] { $n } boîtes ouvertes.
    }

# Command names (English: the fixed names; others: Discord name_localizations).
name-connect4 = quatre-en-ligne
name-connect4-3p = quatre-en-ligne-3j
name-connect4-3d = quatre-en-ligne-3d
name-dots = pipopipette

# Parties classées : cotes, classement, statistiques.
rating-line = **{ $name }** — { $game } : **{ $rating }**{ $provisional } ± { $deviation }
rating-provisional-mark = ?
rating-provisional = Provisoire : moins de 5 manches classées, ou encore incertain.
rating-rank = Rang **{ $rank }** sur { $rated } dans ce serveur
rating-record = { $games ->
        [one] { $games } manche classée
       *[other] { $games } manches classées
    } : { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, { $draws ->
        [one] { $draws } nul
       *[other] { $draws } nuls
    }, { $losses ->
        [one] { $losses } défaite
       *[other] { $losses } défaites
    }
rating-change = Dernière manche : { $change }
rating-none = { $name } n'a pas encore de classement { $game-gender ->
        [feminine] à la
       *[other] au
    } { $game } dans ce serveur : il vient des manches lancées avec `{ name-ranked }:true`.
leaderboard-title = { $game } — classement
leaderboard-empty = Personne n'a encore de classement { $game-gender ->
        [feminine] à la
       *[other] au
    } { $game } dans ce serveur : jouez une manche avec `{ name-ranked }:true`.
leaderboard-your-line = Votre ligne
leaderboard-rank = Rang
leaderboard-player = Joueur
leaderboard-rating = Cote
leaderboard-record = V / N / D
leaderboard-line = { $rank }. { $name } — { $rating }{ $provisional } ({ $wins } V, { $draws } N, { $losses } D)
stats-title = { $name } — résultats dans ce serveur
stats-none = { $name } n'a encore terminé aucune manche dans ce serveur.
stats-all-games = Tous les jeux
stats-vs-people = Contre des personnes
stats-vs-cpu = Contre le CPU ({ $level })
stats-ranked = Classées
stats-wins = Victoires
stats-draws = Nuls
stats-losses = Défaites
stats-record = { $wins } V · { $draws } N · { $losses } D
stats-streak = Plus longue série de victoires : { $n }
board-ranked = ⚖️ Manche classée : les cotes changent à la fin.
refusal-ranked-needs-people = Les manches classées se jouent entre personnes : chaque place demande une personne différente (pas de CPU, pas de partie contre soi-même).
refusal-ranked-off = Les parties classées sont désactivées dans ce salon (/{ name-settings } { name-ranked }).
command-rating = Affiche une cote dans ce serveur : valeur, rang et résultats
command-leaderboard = Les meilleures cotes de ce serveur dans un jeu
command-stats = Résultats dans ce serveur : par jeu, contre des personnes et le CPU
option-ranked = Manche classée : les cotes changent à la fin (personnes seulement, sans CPU)
option-user = De qui (par défaut : vous)
name-rating = cote
name-leaderboard = classement
name-stats = statistiques
name-user = utilisateur
alt-leaderboard = { $title }. { $lines }
alt-leaderboard-line = { $rank }. { $name } : { $rating }{ $provisional }, { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, { $draws ->
        [one] { $draws } nul
       *[other] { $draws } nuls
    }, { $losses ->
        [one] { $losses } défaite
       *[other] { $losses } défaites
    }.
alt-leaderboard-own = Votre ligne : { $line }
alt-stats = { $title }. { $lines }
alt-stats-game = { $game } : { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, { $draws ->
        [one] { $draws } nul
       *[other] { $draws } nuls
    }, { $losses ->
        [one] { $losses } défaite
       *[other] { $losses } défaites
    }.
alt-stats-vs-people = Contre des personnes : { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, { $draws ->
        [one] { $draws } nul
       *[other] { $draws } nuls
    }, { $losses ->
        [one] { $losses } défaite
       *[other] { $losses } défaites
    }.
alt-stats-vs-cpu = Contre le CPU ({ $level }) : { $wins ->
        [one] { $wins } victoire
       *[other] { $wins } victoires
    }, { $draws ->
        [one] { $draws } nul
       *[other] { $draws } nuls
    }, { $losses ->
        [one] { $losses } défaite
       *[other] { $losses } défaites
    }.
rating-after-match = { $name } : { $rating }{ $provisional } ({ $change })
command-review = L'analyse par le solveur de la dernière partie terminée de ce salon
option-match = Un numéro de partie donné par /{ name-review } ou /{ name-stats } (par défaut : la dernière de ce salon)
name-review = analyse
name-match = partie
review-title = 🔎 **Analyse de la partie n° { $id }** — { $game } : { $players }
review-exact-note = Jugé par le solveur exact : « gain en n » compte les coups du joueur au trait, celui-ci compris.
review-dots-note = Jugé par le solveur exact dès qu'il reste { $lines ->
        [one] { $lines } trait libre
       *[other] { $lines } traits libres ou moins
    } ; les coups d'avant ne sont pas jugés.
review-estimate-note = ⚠️ Une estimation du CPU difficile, pas une preuve : elle signale les gains manqués et les gains offerts à un coup.
review-tally = { $name } : meilleurs coups { $best } · imprécisions { $inaccuracies } · tournants { $turning } · non jugés { $ungraded }
review-tally-estimate = { $name } : comme le CPU difficile { $best } · autres choix { $inaccuracies } · tournants { $turning }
review-turning-header = **Les tournants**
review-no-turning-points = Aucun tournant : chaque coup jugé a gardé son résultat.
review-mistake = Coup { $n }, { $name } : **{ $played }** a changé { $before } en { $after } ; **{ $better }** gardait { $before }.
review-missed-win = Coup { $n }, { $name } : **{ $played }** a manqué le gain en **{ $better }** (estimation).
review-gave-win = Coup { $n }, { $name } : **{ $played }** laissait le joueur suivant gagner aussitôt ; **{ $better }** l'empêchait (estimation).
review-more = … et { $n ->
        [one] { $n } autre.
       *[other] { $n } autres.
    }
review-none = Aucune partie terminée dans ce salon pour l'instant : jouez-en une, puis redemandez.
review-unknown-match = Il n'y a pas de partie n° { $id } dans ce serveur.
review-cannot = Cette partie ne peut pas être rejouée, donc pas analysée.
review-picture-title = Partie n° { $id }, coup { $n } ({ $name })
review-caption-played = Joué { $move } : { $value }
review-caption-better = Mieux { $move } : { $value }
review-strip = Chaque position, coup par coup : vers le haut quand { $name } est mieux, vers le bas sinon ; ▼ les tournants
review-strip-estimate = Chaque coup ; ▼ les tournants (estimation)
outlook-win-in = gain en { $n }
outlook-loss-in = perte en { $n }
outlook-win = gain
outlook-loss = perte
outlook-draw = nul
outlook-win-by = gain de { $n }
outlook-loss-by = perte de { $n }
outlook-unknown = non prouvé
review-caption-played-estimate = Joué { $move }
review-caption-better-estimate = Mieux { $move } (estimation)
refusal-no-undo-in-puzzle = Un problème n'a ni annulation ni indice : Revanche le recommence.
refusal-puzzle-alone = Un problème se joue seul contre le CPU.
command-puzzle = Le problème du jour : une position gagnante, contre un défenseur parfait
name-puzzle = probleme
puzzle-none = Pas de problème aujourd'hui pour ce jeu ; essayez-en un autre.
error-no-puzzle = Il y a des problèmes pour le Quatre en ligne et la Pipopipette, pas pour { $game-gender ->
        [feminine] la
       *[other] le
    } { $game }.
puzzle-task-connect4 = 🧩 Problème du { $date } : à vous de jouer et de gagner { $n ->
        [one] dès ce coup
       *[other] en { $n } coups au plus
    }. Une seule colonne gagne.
puzzle-task-dots = 🧩 Problème du { $date } : à vous de jouer ; terminez avec un écart de { $margin } boîtes ou mieux. Un seul trait le garde.
puzzle-solved = 🧩 Résolu ! { $n ->
        [one] { $n } personne de ce serveur a résolu
       *[other] { $n } personnes de ce serveur ont résolu
    } le problème du { $date }.
puzzle-not-solved = 🧩 Pas résolu cette fois : Revanche recommence le problème du { $date }.
stats-recent = Dernières parties, la plus récente d'abord (`/{ name-review } { name-match }:N` en analyse une) : { $matches }
busy-reviews = Vous attendez déjà autant d'analyses que permis : réessayez quand l'une d'elles sera arrivée (d'ici une minute).
busy-server-reviews = Ce serveur a déjà autant d'analyses en préparation que permis : réessayez dans une minute.
busy-hints = Vous attendez déjà autant d'indices que permis : réessayez quand l'un d'eux sera arrivé.
busy-hint-queue = Beaucoup d'indices sont en préparation en ce moment : réessayez dans un instant.
busy-tables = Vous animez déjà autant de tables en cours dans ce serveur que permis : terminez-en une (`/{ name-end }`) ou finissez une partie, puis réessayez.
refusal-no-seat-to-rejoin = Vous n'avez pas de place à reprendre dans cette partie.
refusal-already-rejoined = Vous avez déjà repris votre place une fois dans cette partie : le CPU la garde maintenant.
refusal-resigned-for-good = Vous avez abandonné cette partie : votre place reste au CPU jusqu'à la fin.
button-rejoin = Reprendre ma place
board-rejoined = ↩️ { $user } a repris { $seat } après le coup { $move } (le CPU l'a jouée entre-temps).
board-deserted = Tout le monde est parti : le CPU a fini la partie et la table est fermée. Lancez une nouvelle partie avec une commande de jeu.
review-cpu-stretch = 🤖 Le CPU a joué pour { $user } du coup { $from } au coup { $to } : ces coups sont notés comme ceux de { $seat }.
command-tables = Les tables en cours et ouvertes de ce serveur, avec un lien vers leur plateau
name-tables = tables
tables-none = Aucune table en cours sur ce serveur. Lancez-en une avec /{ name-connect4 }, /{ name-connect4-3p }, /{ name-connect4-3d } ou /{ name-dots }.
tables-header = **{ $n ->
        [one] { $n } table en cours sur ce serveur
       *[other] { $n } tables en cours sur ce serveur
    }** (les plus récentes d'abord ; on rejoint une table ouverte depuis son plateau)
tables-line = { $state } **{ $game }** · { $seats } · { $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    } · dernière action { $since } · { $board }
tables-open = 🟢 ouverte
tables-waiting = ✉️ en attente de réponses
tables-playing = ▶️ en cours
tables-paused = ⏸️ en pause
tables-board = plateau
tables-more = … et { $n ->
        [one] { $n } table de plus
       *[other] { $n } tables de plus
    }.

# Jouer partout : l'installation d'une personne pour elle-même.
refusal-ranked-outside = Les parties hors d'un serveur qui m'a ajouté ne sont jamais classées : lancez-la sans { name-ranked }:true.
review-players-only = Seules les personnes qui ont joué cette partie peuvent en voir l'analyse ici.
anywhere-unshared = Ce serveur a désactivé « Utiliser des applications externes » : tout ce que je réponds ici ne serait visible que par vous, un plateau ne peut donc pas y être partagé. Jouez en message privé ou en groupe, ou demandez au serveur de m'ajouter.
anywhere-server-only = /{ $command } appartient à un serveur qui m'a ajouté : utilisez-la là-bas. Les jeux, /{ name-rules } et /{ name-help } fonctionnent partout.

# /revoir et le bouton Revoir : une partie terminée en animation
command-replay = Revoir en animation la dernière partie terminée de ce salon
name-replay = revoir
button-replay = Revoir
replay-text = 🎞️ **La partie n° { $id } en animation** — { $game } : { $players }
replay-cannot = Cette partie ne peut pas être rejouée.
replay-title = Partie n° { $id } · { $game }
replay-move-number = Coup { $n }
replay-turning = Tournant : { $words }
replay-end-wins = { $who } gagne avec quatre alignés.
replay-end-wins-score = { $who } gagne { $a }–{ $b }.
replay-end-draw = Match nul : le plateau est plein.
replay-end-draw-score = Match nul, { $a }–{ $b }.
replay-end-resigned = { $who } a abandonné.
replay-end-timed-out = { $who } n'a plus de temps.
replay-end-abandoned = { $who } a quitté la partie.
replay-end-winner = { $who } gagne.
replay-end-unfinished = Pas encore finie : c'est à { $who } de jouer.
replay-alt = { $title }, en animation : { $players }. { $moves ->
        [one] { $moves } coup
       *[other] { $moves } coups
    }, environ un par seconde, du plateau vide jusqu'à la fin. { $ending }
replay-alt-turning = { $n ->
        [one] Tournant marqué au coup { $list }.
       *[other] Tournants marqués aux coups { $list }.
    }
replay-end-stopped = La partie s'est arrêtée avant que le plateau ne la décide.

## Tournaments (SPEC section 6)
command-tournament = Organiser un tournoi au système suisse ou toutes rondes dans ce salon
name-tournament = tournoi
command-tournament-create = Ouvrir les inscriptions d'un tournoi dans ce salon (vous en êtes l'hôte)
command-tournament-join = S'inscrire au tournoi de ce salon
command-tournament-leave = Annuler votre inscription ou vous retirer ; l'hôte peut retirer un joueur
command-tournament-start = Lancer le tournoi (hôte seulement)
command-tournament-standings = Le classement du tournoi de ce salon
command-tournament-end = Terminer le tournoi : le classement actuel devient définitif (hôte ou Gérer les messages)
name-create = créer
name-join = rejoindre
name-start = lancer
name-standings = classement
name-format = format
name-rounds = rondes
name-player = joueur
option-tournament-game = Le jeu de toutes les tables
option-format = Suisse (les joueurs à égalité de points s'affrontent) ou toutes rondes (chacun contre tous)
option-rounds = Rondes du système suisse (par défaut : le moins possible pour un seul vainqueur)
option-tournament-timer = Secondes par coup dans chaque partie (par défaut : 60 s)
option-tournament-ranked = Toutes les parties sont classées (Quatre en ligne seulement)
option-player = Le joueur à retirer (hôte seulement ; vide : vous vous retirez)
tournament-format-swiss = Suisse
tournament-format-round-robin = Toutes rondes

refusal-tournament-game = Impossible dans une partie de tournoi : ni annulation, ni indice, ni pause, ni revanche. Vous pouvez jouer, abandonner ou quitter (c'est une défaite).
refusal-tournament-ranked-connect4 = Les tournois classés sont réservés au Quatre en ligne.
refusal-tournament-rounds = Un tournoi suisse compte de 1 à 12 rondes.
refusal-no-tournament = Il n'y a pas de tournoi dans ce salon. Ouvrez-en un avec /{ name-tournament } { name-create }.
refusal-tournament-running = Un tournoi est déjà en cours dans ce salon ; ouvrez-en un autre dans un autre salon.
refusal-tournament-in-thread = Impossible d'ouvrir un tournoi dans un fil : ses parties ont besoin de leurs propres fils. Ouvrez-le dans le salon.
refusal-tournament-started = Le tournoi a commencé : les inscriptions sont closes.
refusal-tournament-over = Ce tournoi est terminé.
refusal-tournament-already-in = Votre inscription est déjà faite.
refusal-tournament-not-in = Ce joueur ne participe pas à ce tournoi.
refusal-tournament-full = Le tournoi est complet.
refusal-tournament-too-few = Pas encore assez de joueurs : un tournoi suisse en demande au moins 4, un toutes rondes au moins 3.

tournament-needs-threads = Je ne peux pas organiser de tournoi ici : il me faut les permissions **Créer des fils publics** et **Envoyer des messages dans les fils** dans ce salon (chaque partie se joue dans un fil). Rien n'a été ouvert.
tournament-created = Les inscriptions au tournoi sont ouvertes : le message ci-dessous a les boutons **{ button-join }**, **{ button-leave }** et **{ button-start }**.
tournament-joined = Votre inscription est enregistrée.
tournament-left = Vous ne participez plus au tournoi. Les parties déjà jouées comptent toujours.
tournament-removed = Ce joueur ne participe plus au tournoi. Les parties déjà jouées comptent toujours.
tournament-started = Le tournoi a commencé : les parties de la première ronde se préparent dans des fils.
tournament-ended = Le tournoi est terminé : le classement actuel est définitif.
tournament-title = Tournoi de { $game } · { $format }
tournament-rounds-auto = autant qu'il en faut
tournament-rounds-everyone = chacun contre tous
tournament-ranked = · classé
tournament-terms = Hôte : { $host } · rondes : { $rounds } · { $seconds } s par coup{ $ranked }
tournament-players = Joueurs ({ $n }/{ $most }) : { $names }
tournament-signup-open = Appuyez sur **{ button-join }** pour vous inscrire (au moins { $fewest } pour commencer) ; l'hôte appuie sur **{ button-start }**. Chaque partie se joue dans un fil de ce salon ; qui ne joue pas à temps perd la partie.
tournament-playing = La ronde { $round } sur { $rounds } est en cours.
tournament-ended-early = Terminé avant la fin par { $by } : le classement actuel est définitif.
tournament-over = Le tournoi est terminé.
tournament-thread = Ronde { $round } · { $first } contre { $second }
tournament-game-call = { $first } contre { $second } : votre partie de la ronde { $round }. { $first } joue en premier ; { $seconds } s par coup, et qui dépasse son temps perd.
tournament-pairings-title = Ronde { $round } sur { $rounds } : appariements
tournament-pairing-line = { $board }. { $first } contre { $second } { $thread }
tournament-bye-line = { $name } est au repos cette ronde (exempt : 1 point).
tournament-bye = exempt (1 point)
tournament-buchholz = Buchholz
tournament-sonneborn-berger = Sonneborn–Berger
tournament-final-title = Classement final : { $title }
tournament-standings-title = Classement après la ronde { $round } sur { $rounds }
tournament-standing-line = { $rank }. { $name } : { $points } ({ $tiebreak-name } { $tiebreak }, { $games ->
    [one] { $games } partie
   *[other] { $games } parties
}){ $withdrawn }
tournament-withdrawn = , forfait
tournament-winner = { $n ->
    [one] Victoire de { $names } !
   *[other] Première place partagée : { $names } !
}
tournament-column-rank = Rang
tournament-column-player = Joueur
tournament-column-points = Points
tournament-column-games = Parties
tournament-column-board = Table
tournament-column-first = Joue en premier
tournament-column-second = Joue en second

## The live web board (SPEC section 8)
button-watch-live = Regarder en direct
option-settings-live-links = Afficher un lien Regarder en direct vers la page de chaque table
name-live-links = liens-en-direct
settings-live-links = Liens Regarder en direct : { $value }.
web-drop-piece = Lâcher le pion
web-drop-bead = Lâcher la perle
web-draw-line = Tracer le trait
web-login = Connectez-vous avec Discord pour jouer
web-logout = Se déconnecter
web-watching = Vous regardez.
web-connecting = Connexion…
web-reconnecting = Connexion perdue — reconnexion…
web-choose-column = Choisissez une colonne
web-choose-rod = Choisissez une tige
web-choose-line = Choisissez un trait
web-level = Niveau
web-cpu = CPU
web-you = vous
web-time-left = Temps restant
web-not-found = Il n'y a pas de plateau en direct à cette adresse. Redemandez le lien Regarder en direct de la table.
web-no-login = La connexion n'est pas configurée sur ce bot.
web-try-again = Le bot démarre : réessayez dans un instant.
web-login-failed = Discord n'a pas confirmé la connexion. Revenez à la table et reconnectez-vous.
web-bad-message = Le plateau a envoyé quelque chose que le bot ne comprend pas : rechargez la page.
web-log-in-to-play = Connectez-vous avec Discord pour jouer à cette table.

## The web board as a Discord Activity (SPEC section 8)
button-play-live = Jouer en direct
command-launch = Jouez ensemble, en direct, la table de ce salon
activity-connecting = Connexion à Discord…
activity-not-in-instance = Vous n'êtes pas dans cette activité, ou elle n'est pas dans ce salon : rouvrez-la depuis le salon.
activity-no-table = Pas encore de table dans ce salon : ouvrez-en une.
activity-open = Ouvrir une table
activity-game = Jeu
activity-level = Niveau du CPU
activity-open-seats = Places ouvertes aux autres
activity-participants = Dans cette activité
activity-open-outside = Hors d'un serveur, lancez d'abord une partie avec une commande slash, puis touchez Jouer en direct.
activity-failed = Impossible de joindre le bot. Fermez l'activité et réessayez.
