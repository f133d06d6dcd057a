# Español (España, es-ES); también la base de es-419, que solo cambia lo que
# se dice de otra manera en Latinoamérica. Sintaxis Fluent: véase la cabecera
# de en-US.ftl. { name-… }: el nombre de un comando u opción tal como lo
# muestra la lista de comandos en español. Plurales (CLDR): «one» es solo 1.
# Se tutea al jugador.

refusal-table-running = Ya hay una mesa de { $game } en marcha en este canal. Termínala antes (o usa /{ name-end } si eres el anfitrión), o empieza tu partida en otro canal o en un hilo.
refusal-no-table = No hay ninguna partida en este canal. Empieza una con /{ name-connect4 }, /{ name-connect4-3p }, /{ name-connect4-3d } o /{ name-dots }.
refusal-not-your-turn = No es tu turno.
refusal-not-your-table = No estás jugando en esta mesa.
refusal-column-full = Esa columna está llena: elige otra.
refusal-rod-full = Esa varilla está llena: elige otra.
refusal-line-drawn = Esa línea ya está trazada: elige otra.
refusal-no-such-move = Esa jugada no existe en este tablero.
refusal-game-over = Esta partida ya ha terminado.
refusal-stale = Ese tablero está desactualizado: usa el mensaje del tablero más reciente.
refusal-not-invited = Esta invitación es para otra persona.
refusal-host-cannot-answer = Tú has enviado esta invitación: espera la respuesta.
refusal-already-answered = Ya has respondido a esta invitación.
refusal-invitation-expired = Esta invitación ha caducado.
refusal-already-started = Esta partida ya ha empezado.
refusal-not-started = La partida aún no ha empezado: faltan respuestas.
refusal-match-not-over = La partida todavía está en juego.
refusal-table-closed = Esta mesa está cerrada.
refusal-invited-yourself = Para jugar con los dos bandos, ponte a ti mismo como único rival.
refusal-too-many-players = Demasiados jugadores para este juego.
refusal-bot-opponent = Los bots no pueden jugar. Deja el rival en blanco para jugar contra mí.
refusal-nothing-to-undo = No tienes ninguna jugada que deshacer.
refusal-own-undo-request = Has pedido deshacer tú: le toca responder a tu rival.
refusal-undo-pending = Ya hay una petición de deshacer esperando respuesta.
refusal-hint-not-your-turn = Las pistas son para tu turno: espera a que llegue.
refusal-unknown-game = Ese tamaño de tablero no está disponible.
refusal-not-in-guild = Esto solo funciona en un servidor que me haya añadido.
refusal-table-replaced = Se ha abierto una mesa más nueva en este canal: usa su tablero.
refusal-broken-table = Lo siento, esta mesa no se ha podido recuperar tras un reinicio y no se puede jugar: abre una nueva en este canal.
refusal-hint-pending = Ya se está calculando una pista para esta mesa: llegará en un momento.
refusal-no-undo-request = No hay ninguna petición de deshacer que responder.
refusal-unknown-control = Ese control no pertenece a ninguna mesa que yo conozca: empieza una partida nueva o usa el tablero más reciente.
refusal-board-refreshed = Ese tablero estaba desactualizado: ahora muestra la partida tal como va. Vuelve a jugar en él.
refusal-open-self-play = Una mesa abierta es para que se unan otras personas: quita `{ name-open }` para jugar con los dos bandos.
refusal-not-host = Solo el anfitrión de esta mesa puede hacer eso.
refusal-paused = La partida está en pausa: el anfitrión la reanuda con /{ name-resume }.
refusal-already-paused = La partida ya está en pausa.
refusal-not-paused = La partida no está en pausa.
refusal-already-seated = Ya tienes un asiento en esta mesa.
refusal-no-free-seat = Todos los asientos de esta mesa están ocupados.
refusal-no-cpu-seat = En esta mesa no hay ningún asiento de la CPU que ocupar.
refusal-host-stays = Eres el anfitrión de esta mesa: usa /{ name-end } para cerrarla.
refusal-cannot-end = Solo el anfitrión, o un miembro que pueda gestionar mensajes aquí, puede terminar esta mesa.
refusal-nothing-due = En esta mesa todavía no hay nada pendiente.
refusal-not-open = Esta mesa espera a sus invitados: no está abierta a nadie más.
refusal-no-undo-in-ranked = En las partidas competitivas no se puede deshacer.
refusal-cannot-change-settings = Solo los miembros que pueden gestionar este canal cambian sus ajustes. Usa /{ name-settings } sin opciones para verlos.
error-unknown-timer = «{ $timer }» no es un tiempo válido: elige 30, 60 o 90 segundos.
error-restarting = El bot se está reiniciando: vuelve a intentarlo en un momento.
closed-idle = Esta mesa de **{ $game }** se ha cerrado tras mucho tiempo sin jugadas.
closed-gone = Esta mesa de **{ $game }** se ha cerrado sin resultado: su servidor, canal o hilo ya no existe.
board-timed-out-left = ⏱️ { $user } se ha quedado sin tiempo: la CPU juega con { $seat } salvo que pulse { button-rejoin } (una vez) antes de que acabe la partida.
board-abandoned-left = 🚪 { $user } ha abandonado la partida: la CPU juega con { $seat } salvo que pulse { button-rejoin } (una vez) antes de que acabe la partida.
board-reserved = 🪑 { $user } ocupa el asiento { $seat } de la CPU desde la próxima partida.
board-freed = 🪑 La CPU deja { $seat } al acabar esta partida: otra persona puede ocuparlo.
board-vacated = 🚪 { $seat } ha dejado la mesa: la CPU ocupa ese asiento desde la próxima partida.
board-paused = ⏸️ En pausa por { $host } { $since }: nada se mueve hasta que el anfitrión la reanude.
board-clock = — ⏱️ el tiempo se acaba { $when }
result-timed-out = ⏱️ { $who } se ha quedado sin tiempo.
result-timed-out-wins = ⏱️ { $who } se ha quedado sin tiempo. 🏆 **¡Gana { $winner }!**
result-abandoned = 🚪 { $who } ha abandonado la partida.
result-abandoned-wins = 🚪 { $who } ha abandonado la partida. 🏆 **¡Gana { $winner }!**
button-join = Unirse
button-leave = Salir
button-start = Empezar
button-pause = Pausar
button-resume = Reanudar
button-free-seat = Liberar un asiento de la CPU
state-open = mesa abierta
state-inviting = esperando respuestas
state-playing = en juego
state-paused = ⏸️ en pausa
state-over = partida terminada
state-ended = cerrada
rules-timer = ⏱️ { $seconds } s por jugada
rules-same-starter = empieza siempre el mismo
lobby-free = — asiento libre —
lobby-text = Pulsa **{ button-join }** para ocupar un asiento libre y **{ button-leave }** para dejar el tuyo. { $host } pulsa **{ button-start }**; la CPU ({ $level }) ocupa los asientos que sigan libres.
done-end = La mesa se ha cerrado.
done-pause = La partida está en pausa. /{ name-resume } la reanuda.
done-resume = La partida sigue.
done-leave = Has dejado la mesa.
done-resign = Te has rendido.
settings-no-timer = sin límite de tiempo
settings-on = sí
settings-off = no
settings-shown = Ajustes de este canal: { $timer } · se alterna quién empieza: { $rotate } · nivel de la CPU: { $level } · partidas competitivas: { $ranked }.
settings-changed = Guardado. Los ajustes de este canal son ahora: { $timer } · se alterna quién empieza: { $rotate } · nivel de la CPU: { $level } · partidas competitivas: { $ranked }.
settings-table-changed = Próximas partidas de esta mesa: { $timer } · se alterna quién empieza: { $rotate } · nivel de la CPU: { $level }.
command-end = Cierra la mesa de este canal (anfitrión o moderadores)
command-pause = Pausa la partida de este canal (anfitrión)
command-resume = Reanuda la partida en pausa de este canal (anfitrión)
command-leave = Deja tu asiento en la mesa de este canal
command-resign = Ríndete en la partida actual
command-settings = Muestra los ajustes de juego de este canal o cámbialos (Gestionar canales)
option-timer = Segundos por jugada (por defecto: los del canal; sin límite si no hay)
option-open = Mesa abierta: cualquiera puede unirse hasta que pulses Empezar
option-rotate = Quién empieza se alterna tras cada partida
option-settings-timer = Segundos por jugada en las mesas nuevas
option-settings-ranked = Permitir partidas competitivas en este canal
choice-timer-off = sin límite
choice-timer-30 = 30 s
choice-timer-60 = 60 s
choice-timer-90 = 90 s
name-end = terminar
name-pause = pausar
name-resume = reanudar
name-leave = salir
name-resign = rendirse
name-settings = ajustes
name-timer = tiempo
name-open = abierta
name-rotate = alternar
error-storage = Lo siento, no he podido guardar esa jugada, así que no ha cambiado nada. Vuelve a intentarlo en un momento.

error-apology = Lo siento, algo ha fallado por mi parte. Vuelve a intentarlo.
error-bad-move-name = «{ $typed }» no es una jugada de este tablero. Elige una de la lista mientras escribes.
error-invite-once = Invita a cada persona una sola vez.
error-unknown-level = Nivel desconocido «{ $level }»: usa easy, medium o hard.
error-pick-colour = Elige rojo o amarillo.
error-unknown-size = Tamaño desconocido «{ $size }»: usa 5x4, 3x3, 4x4 o 5x5.
error-unexpected-option = Opción inesperada «{ $option }».
error-self-in-three = En una partida de tres jugadores no te pongas a ti: los asientos vacíos son para la CPU.

move-played = Has jugado { $move }.
hint-text = 💡 Pista: la CPU difícil jugaría **{ $move }**.
hint-wins = 💡 Pista: **{ $move }** gana, en { $moves ->
        [one] { $moves } jugada
       *[other] { $moves } jugadas
    } contando esta.
hint-wins-now = 💡 Pista: **{ $move }** gana ya.
hint-wins-proved = 💡 Pista: **{ $move }** gana (demostrado; no ha dado tiempo a calcular en cuántas jugadas).
hint-draws = 💡 Pista: **{ $move }** asegura el empate; ninguna jugada gana.
hint-loses = 💡 Pista: todas las jugadas pierden; **{ $move }** es la que más aguanta, { $moves ->
        [one] { $moves } jugada
       *[other] { $moves } jugadas
    } contando esta.
hint-loses-now = 💡 Pista: todas las jugadas pierden ya; **{ $move }** vale tanto como cualquiera.
hint-loses-proved = 💡 Pista: todas las jugadas pierden; **{ $move }** es la que elige la búsqueda.
hint-guess = 💡 Pista: la mejor apuesta es **{ $move }** (no ha dado tiempo a demostrar nada).
hint-none = No hay jugada que sugerir: la partida ha terminado.

game-connect4 = Conecta 4
    .gender = masculine
game-connect4-3p = Conecta 4 para tres
    .gender = masculine
game-connect4-3d = Conecta 4 en 3D
    .gender = masculine
game-dots = Puntos y cajas
    .gender = masculine

colour-red = rojo
colour-yellow = amarillo
colour-blue = azul
colour-grey = gris
word-column = columna
word-rod = varilla
word-line = línea
level-easy = fácil
level-medium = medio
level-hard = difícil
cpu-name = CPU ({ $level })

invite-text = { $invited }, { $host } te invita a jugar a **{ $game }**. Acepta o rechaza antes de 5 minutos.
invite-accepted = (ha aceptado)
invite-declined = (ha rechazado: la CPU ocupa el asiento)
closed-declined = { $user } ha rechazado la invitación para jugar a **{ $game }**.
closed-expired = La invitación para jugar a **{ $game }** ha caducado sin respuesta.
closed-ended = { $user } ha cerrado esta mesa de **{ $game }**.

board-match = partida { $n }
board-vs = contra
board-declined = { $user } ha rechazado: la CPU juega ese asiento.
board-missed = { $user } no ha respondido a tiempo: la CPU juega ese asiento.
board-resigned-left = { $user } se ha rendido y ha dejado la mesa: la CPU juega con { $seat } el resto de la partida.
board-last-move = Última jugada: { $emoji } { $word } { $move }
board-box-again = — caja cerrada: vuelve a jugar
board-boxes = Cajas: { $a } · { $b }
board-undo-request = ↩️ { $user } pide deshacer su última jugada. Rival: ¿**{ $accept }** o **{ $decline }**?
board-turn = **Turno:** { $who }
board-thinking = — pensando…
board-menu = Traza una línea ({ $first } … { $last })

result-wins = 🏆 **¡Gana { $who }!**
result-wins-score = 🏆 **¡Gana { $who } por { $a }–{ $b }!**
result-draw = **¡Empate!** El tablero está lleno.
result-draw-score = **¡Empate!** { $a }–{ $b }
result-resigned = { $who } se ha rendido.
result-resigned-wins = { $who } se ha rendido. 🏆 **¡Gana { $winner }!**

button-accept = Aceptar
button-decline = Rechazar
button-resign = Rendirse
button-rematch = Revancha
button-undo = Deshacer
button-hint = Pista

command-connect4 = Juega al Conecta 4: reta a alguien o juega contra mí
command-connect4-3p = Juega al Conecta 4 para tres en un tablero de 9×9
command-connect4-3d = Juega al Conecta 4 en 3D en un cubo de 4×4×4
command-dots = Juega a Puntos y cajas
command-move = Haz una jugada en la partida de este canal
option-opponent = A quién retar (en blanco: contra la CPU; tú mismo: juegas con los dos bandos)
option-player2 = Un segundo jugador (los asientos vacíos son para la CPU)
option-player3 = Un tercer jugador (los asientos vacíos son para la CPU)
option-level = Lo fuerte que juega la CPU (por defecto: medio)
option-color = Tu color contra la CPU (por defecto: a sorteo)
option-size = Cajas de ancho × alto (por defecto: 5x4)
option-at = La jugada: el nombre de una columna, varilla o línea
choice-red-first = rojo (empieza)
choice-yellow = amarillo

# Nombres de comandos y opciones en español.
name-move = jugar
name-opponent = rival
name-player2 = jugador2
name-player3 = jugador3
name-level = nivel
name-color = color
name-size = tamaño
name-at = jugada

# /help y /rules
command-help = Cómo jugar con este bot
command-rules = Las reglas de un juego
option-game = Qué juego
name-help = ayuda
name-rules = reglas
name-game = juego
help-text = **boardbot** organiza juegos de mesa en este canal.
    • `/{ name-connect4 }`, `/{ name-connect4-3p }`, `/{ name-connect4-3d }`, `/{ name-dots }`: empieza una partida. Sin rival juegas contra mí; pon a un amigo para invitarlo; ponte a ti mismo para jugar con los dos bandos. `{ name-level }`: { level-easy }, { level-medium } o { level-hard }.
    • Juega con los botones o menús bajo el tablero, o con `/{ name-move } { name-at }:` (4, B3, a1-b1).
    • **{ button-resign }**, **{ button-rematch }**, **{ button-hint }** (contra la CPU y en 3D), **{ button-undo }** (contra la CPU al momento; entre personas, si el rival acepta).
    • `{ name-timer }:` 30, 60 o 90 s por jugada; `{ name-open }:true` abre la mesa: **{ button-join }**, **{ button-leave }**, y el anfitrión pulsa **{ button-start }**.
    • `/{ name-pause }`, `/{ name-resume }` (anfitrión), `/{ name-end }` (anfitrión o Gestionar mensajes), `/{ name-leave }`, `/{ name-resign }`, `/{ name-settings }` (los ajustes del canal).
    • Una partida por canal: usa un hilo para otra.
    • `/{ name-rules } { name-game }:` explica un juego.
    • `/{ name-tournament } { name-create }`: un torneo suizo o todos contra todos en este canal, cada partida en su propio hilo.
rules-connect4 = **Conecta 4** (2 jugadores, 7 × 6)
    • Empieza el rojo y luego el amarillo. Elige una columna: la ficha cae hasta la casilla libre más baja. En una columna llena no caben más fichas.
    • Cuatro o más fichas de tu color en línea —en horizontal, en vertical o en diagonal— ganan al instante.
    • Si el tablero se llena sin ninguna línea, es empate.
rules-connect4-3p = **Conecta 4 para tres** (3 jugadores, 9 × 9)
    • Rojo ○, amarillo × y azul ☆ juegan en ese orden; empieza el rojo. Elige una columna: la ficha cae hasta la casilla libre más baja.
    • Gana quien primero ponga cuatro o más en línea. Si el tablero se llena, es empate.
    • La CPU juega los asientos vacíos; quien se rinde deja la mesa y la CPU juega por él.
rules-connect4-3d = **Conecta 4 en 3D** (2 jugadores, 4 × 4 × 4)
    • 16 varillas de 4 bolas. Empieza el rojo. Elige una varilla (A1 … D4): la bola baja hasta el nivel libre más bajo.
    • Ganan cuatro en línea recta: a lo largo de una fila, una columna o una varilla, a través de un nivel o de un plano vertical, o de esquina a esquina por el centro (76 líneas).
    • Si el cubo se llena, es empate. **{ button-hint }** muestra la jugada de la CPU difícil.
rules-dots = **Puntos y cajas** (también llamado Timbiriche; 2 jugadores; 5 × 4 cajas, también 3 × 3, 4 × 4 y 5 × 5)
    • Traza una línea entre dos puntos vecinos (a1-b1, a1-a2).
    • Al cerrar el cuarto lado de una caja, es tuya y vuelves a jugar enseguida; una línea que no cierra ninguna pasa el turno.
    • Cuando todas las cajas tienen dueño, gana quien tenga más; si hay las mismas, es empate. **{ button-undo }** retira tu última línea.

# Palabras dibujadas en las imágenes del tablero.
image-level = Nivel { $n }
image-level-bottom = Nivel 1 (abajo)
image-level-top = Nivel 4 (arriba)

# Texto alternativo de las imágenes del tablero.
alt-grid-summary = { $title }, { $columns ->
        [one] { $columns } columna
       *[other] { $columns } columnas
    } × { $rows ->
        [one] { $rows } fila
       *[other] { $rows } filas
    }, { $total ->
        [one] { $total } ficha
       *[other] { $total } fichas
    } ({ $seats }).
alt-grid-last = Última ficha: { $who } en la columna { $column }, fila { $row }.
alt-grid-last-anon = Última ficha: en la columna { $column }, fila { $row }.
alt-grid-empty = El tablero está vacío.
alt-grid-win = Línea ganadora de { $who }: { $cells } (columna-fila).
alt-grid-win-anon = Línea ganadora: { $cells } (columna-fila).
alt-grid-columns = Columnas, de abajo arriba:
alt-empty = vacías: { $list }.
alt-cube-summary = Conecta 4 en 3D, 4 niveles uno al lado de otro, el de abajo primero; { $total ->
        [one] { $total } bola
       *[other] { $total } bolas
    } ({ $seats }).
alt-cube-last = Última bola: { $who } en la varilla { $rod }, nivel { $level }.
alt-cube-last-anon = Última bola: en la varilla { $rod }, nivel { $level }.
alt-cube-cell = { $rod } nivel { $level }
alt-cube-win = Línea ganadora de { $who }: { $cells }.
alt-cube-win-anon = Línea ganadora: { $cells }.
alt-cube-rods = Varillas, de abajo arriba:
alt-cube-empty = El cubo está vacío.
alt-dots-summary = { game-dots }, { $width } × { $height } { $boxes ->
        [one] caja
       *[other] cajas
    }. Marcador: { $a } ({ $a_seat }) { $a_score }, { $b } ({ $b_seat }) { $b_score }. { $drawn } de { $lines ->
        [one] { $lines } línea trazada
       *[other] { $lines } líneas trazadas
    } ({ $a } { $a_lines }, { $b } { $b_lines }).
alt-dots-last = Última línea: { $line }, de { $who }.
alt-dots-last-anon = Última línea: { $line }.
alt-dots-named = Cada caja se nombra por su punto de arriba a la izquierda.
alt-dots-boxes = Cajas de { $who }: { $list }.
alt-dots-open = { $n ->
        [one] Queda { $n } caja abierta.
       *[other] Quedan { $n } cajas abiertas.
    }

# Nombres de los comandos de juego.
name-connect4 = conecta-4
name-connect4-3p = conecta-4-3j
name-connect4-3d = conecta-4-3d
name-dots = puntos-y-cajas

# Partidas competitivas: puntuaciones, clasificación, estadísticas.
rating-line = **{ $name }** — { $game }: **{ $rating }**{ $provisional } ± { $deviation }
rating-provisional-mark = ?
rating-provisional = Provisional: menos de 5 partidas competitivas, o todavía poco segura.
rating-rank = Puesto **{ $rank }** de { $rated } en este servidor
rating-record = { $games ->
        [one] { $games } partida competitiva
       *[other] { $games } partidas competitivas
    }: { $wins ->
        [one] { $wins } victoria
       *[other] { $wins } victorias
    }, { $draws ->
        [one] { $draws } empate
       *[other] { $draws } empates
    }, { $losses ->
        [one] { $losses } derrota
       *[other] { $losses } derrotas
    }
rating-change = Última partida: { $change }
rating-none = { $name } aún no tiene puntuación de { $game } en este servidor: las puntuaciones salen de las partidas empezadas con `{ name-ranked }:true`.
leaderboard-title = { $game } — clasificación
leaderboard-empty = Nadie tiene aún puntuación de { $game } en este servidor: juega una partida con `{ name-ranked }:true`.
leaderboard-your-line = Tu puesto
leaderboard-rank = Puesto
leaderboard-player = Jugador
leaderboard-rating = Puntuación
leaderboard-record = V / E / D
leaderboard-line = { $rank }. { $name } — { $rating }{ $provisional } ({ $wins } V, { $draws } E, { $losses } D)
stats-title = { $name } — resultados en este servidor
stats-none = { $name } aún no ha terminado ninguna partida en este servidor.
stats-all-games = Todos los juegos
stats-vs-people = Contra personas
stats-vs-cpu = Contra la CPU ({ $level })
stats-ranked = Competitivas
stats-wins = Victorias
stats-draws = Empates
stats-losses = Derrotas
stats-record = { $wins } V · { $draws } E · { $losses } D
stats-streak = Mejor racha de victorias: { $n }
board-ranked = ⚖️ Partida competitiva: las puntuaciones cambian al terminar.
refusal-ranked-needs-people = Las partidas competitivas son solo entre personas: cada asiento necesita una persona distinta (sin asientos de la CPU ni jugar con los dos bandos).
refusal-ranked-off = Las partidas competitivas están desactivadas en este canal (/{ name-settings } { name-ranked }).
command-rating = Muestra una puntuación en este servidor: valor, puesto y resultados
command-leaderboard = Las mejores puntuaciones de este servidor en un juego
command-stats = Resultados en este servidor: por juego, contra personas y contra la CPU
option-ranked = Partida competitiva: las puntuaciones cambian al final (solo personas, sin CPU)
option-user = De quién (por defecto: tú)
name-rating = puntuación
name-leaderboard = clasificación
name-stats = estadísticas
name-ranked = competitiva
name-user = usuario
alt-leaderboard = { $title }. { $lines }
alt-leaderboard-line = { $rank }. { $name }: { $rating }{ $provisional }, { $wins ->
        [one] { $wins } victoria
       *[other] { $wins } victorias
    }, { $draws ->
        [one] { $draws } empate
       *[other] { $draws } empates
    }, { $losses ->
        [one] { $losses } derrota
       *[other] { $losses } derrotas
    }.
alt-leaderboard-own = Tu puesto: { $line }
alt-stats = { $title }. { $lines }
alt-stats-game = { $game }: { $wins ->
        [one] { $wins } victoria
       *[other] { $wins } victorias
    }, { $draws ->
        [one] { $draws } empate
       *[other] { $draws } empates
    }, { $losses ->
        [one] { $losses } derrota
       *[other] { $losses } derrotas
    }.
alt-stats-vs-people = Contra personas: { $wins ->
        [one] { $wins } victoria
       *[other] { $wins } victorias
    }, { $draws ->
        [one] { $draws } empate
       *[other] { $draws } empates
    }, { $losses ->
        [one] { $losses } derrota
       *[other] { $losses } derrotas
    }.
alt-stats-vs-cpu = Contra la CPU ({ $level }): { $wins ->
        [one] { $wins } victoria
       *[other] { $wins } victorias
    }, { $draws ->
        [one] { $draws } empate
       *[other] { $draws } empates
    }, { $losses ->
        [one] { $losses } derrota
       *[other] { $losses } derrotas
    }.
rating-after-match = { $name }: { $rating }{ $provisional } ({ $change })
command-review = El análisis del solucionador de la última partida terminada en este canal
option-match = Un número de partida de /{ name-review } o /{ name-stats } (por defecto: la última de este canal)
name-review = análisis
name-match = partida
review-title = 🔎 **Análisis de la partida n.º { $id }** — { $game }: { $players }
review-exact-note = Evaluado por el solucionador exacto: «gana en n» cuenta las jugadas propias de quien mueve, esta incluida.
review-dots-note = Evaluado por el solucionador exacto cuando { $lines ->
        [one] queda { $lines } línea libre
       *[other] quedan { $lines } líneas libres o menos
    }; las jugadas anteriores no se evalúan.
review-estimate-note = ⚠️ Una estimación de la CPU difícil, no una demostración: señala las victorias perdidas y regaladas con una jugada de profundidad.
review-tally = { $name }: mejores jugadas { $best } · imprecisiones { $inaccuracies } · puntos de inflexión { $turning } · sin evaluar { $ungraded }
review-tally-estimate = { $name }: como la CPU difícil { $best } · otras elecciones { $inaccuracies } · puntos de inflexión { $turning }
review-turning-header = **Puntos de inflexión**
review-no-turning-points = Ningún punto de inflexión: cada jugada evaluada mantuvo su resultado.
review-mistake = Jugada { $n }, { $name }: **{ $played }** convirtió { $before } en { $after }; **{ $better }** mantenía { $before }.
review-missed-win = Jugada { $n }, { $name }: **{ $played }** dejó escapar la victoria con **{ $better }** (estimación).
review-gave-win = Jugada { $n }, { $name }: **{ $played }** dejó ganar al instante al siguiente jugador; **{ $better }** lo evitaba (estimación).
review-more = … y { $n } más.
review-none = Aún no hay ninguna partida terminada en este canal: juega una y vuelve a pedirlo.
review-unknown-match = No hay ninguna partida n.º { $id } en este servidor.
review-cannot = Esta partida no se puede reproducir, así que no se puede analizar.
review-picture-title = Partida n.º { $id }, jugada { $n } ({ $name })
review-caption-played = Jugada { $move }: { $value }
review-caption-better = Mejor { $move }: { $value }
review-strip = Cada posición, jugada a jugada: arriba cuando { $name } va mejor, abajo si no; ▼ puntos de inflexión
review-strip-estimate = Cada jugada; ▼ puntos de inflexión (estimación)
outlook-win-in = gana en { $n }
outlook-loss-in = pierde en { $n }
outlook-win = victoria
outlook-loss = derrota
outlook-draw = empate
outlook-win-by = gana por { $n }
outlook-loss-by = pierde por { $n }
outlook-unknown = sin demostrar
review-caption-played-estimate = Jugada { $move }
review-caption-better-estimate = Mejor { $move } (estimación)
refusal-no-undo-in-puzzle = Un problema no tiene deshacer ni pistas: { button-rematch } lo empieza de nuevo.
refusal-puzzle-alone = Un problema se juega a solas contra la CPU.
command-puzzle = El problema del día: una posición con victoria forzada, contra un defensor perfecto
name-puzzle = problema
puzzle-none = Hoy no hay problema para este juego; prueba con otro.
error-no-puzzle = Hay problemas de Conecta 4 y de { game-dots }, pero no de { $game }.
puzzle-task-connect4 = 🧩 Problema del { $date }: te toca mover y ganar { $n ->
        [one] con esta misma jugada
       *[other] en { $n } jugadas tuyas como mucho
    }. Solo una columna gana.
puzzle-task-dots = 🧩 Problema del { $date }: te toca mover; termina con una ventaja de { $margin } cajas o más. Solo una línea la mantiene.
puzzle-solved = 🧩 ¡Resuelto! { $n ->
        [one] { $n } persona de este servidor ha resuelto
       *[other] { $n } personas de este servidor han resuelto
    } el problema del { $date }.
puzzle-not-solved = 🧩 Esta vez no: { button-rematch } vuelve a empezar el problema del { $date }.
stats-recent = Últimas partidas, de la más reciente a la más antigua (`/{ name-review } { name-match }:N` analiza una): { $matches }
busy-reviews = Ya estás esperando todos los análisis que puedes pedir: vuelve a intentarlo cuando llegue alguno (en menos de un minuto).
busy-server-reviews = Este servidor ya tiene en preparación todos los análisis que puede: vuelve a intentarlo dentro de un minuto.
busy-hints = Ya estás esperando todas las pistas que puedes pedir: vuelve a intentarlo cuando llegue alguna.
busy-hint-queue = Ahora mismo se están calculando muchas pistas: vuelve a intentarlo en un momento.
busy-tables = Ya eres anfitrión de todas las mesas en marcha que puedes tener en este servidor: cierra una (`/{ name-end }`) o termina una partida y vuelve a intentarlo.
refusal-no-seat-to-rejoin = No tienes ningún puesto que recuperar en esta partida.
refusal-already-rejoined = Ya has recuperado tu puesto una vez en esta partida: ahora se lo queda la CPU.
refusal-resigned-for-good = Te has rendido en esta partida: tu puesto sigue siendo de la CPU hasta el final.
button-rejoin = Volver
board-rejoined = ↩️ { $user } ha recuperado { $seat } tras la jugada { $move } (mientras tanto jugó la CPU).
board-deserted = Se han ido todos: la CPU ha terminado la partida y la mesa está cerrada. Empieza otra con un comando de juego.
review-cpu-stretch = 🤖 La CPU jugó por { $user } de la jugada { $from } a la { $to }: esas jugadas cuentan como de { $seat }.
command-tables = Las mesas en juego y abiertas de este servidor, con enlace a su tablero
name-tables = mesas
tables-none = No hay ninguna mesa en juego en este servidor. Empieza una con /{ name-connect4 }, /{ name-connect4-3p }, /{ name-connect4-3d } o /{ name-dots }.
tables-header = **{ $n ->
        [one] { $n } mesa en juego en este servidor
       *[other] { $n } mesas en juego en este servidor
    }** (las más nuevas primero; a una mesa abierta se entra desde su tablero)
tables-line = { $state } **{ $game }** · { $seats } · { $moves ->
        [one] { $moves } jugada
       *[other] { $moves } jugadas
    } · última acción { $since } · { $board }
tables-open = 🟢 abierta
tables-waiting = ✉️ esperando respuestas
tables-playing = ▶️ en juego
tables-paused = ⏸️ en pausa
tables-board = tablero
tables-more = … y { $n ->
        [one] { $n } mesa más
       *[other] { $n } mesas más
    }.

# Jugar en cualquier parte: la instalación propia de una persona.
refusal-ranked-outside = Las partidas fuera de un servidor que me haya añadido nunca son competitivas: empiézala sin { name-ranked }:true.
review-players-only = Solo quienes jugaron esa partida pueden ver su análisis aquí.
anywhere-unshared = Este servidor ha desactivado «Usar aplicaciones externas», así que todo lo que responda aquí lo verías solo tú: aquí no se puede compartir un tablero. Juega en un mensaje directo o en un grupo, o pide al servidor que me añada.
anywhere-server-only = /{ $command } es de un servidor que me haya añadido: úsalo allí. Los juegos, /{ name-rules } y /{ name-help } funcionan en cualquier parte.

# /repetición y el botón Repetición: una partida terminada en animación
command-replay = La repetición animada de la última partida terminada en este canal
name-replay = repetición
button-replay = Repetición
replay-text = 🎞️ **Repetición de la partida n.º { $id }** — { $game }: { $players }
replay-cannot = Esta partida no se puede reproducir.
replay-title = Partida n.º { $id } · { $game }
replay-move-number = Jugada { $n }
replay-turning = Punto de inflexión: { $words }
replay-end-wins = Gana { $who } con cuatro en línea.
replay-end-wins-score = Gana { $who } por { $a }–{ $b }.
replay-end-draw = Empate: el tablero está lleno.
replay-end-draw-score = Empate, { $a }–{ $b }.
replay-end-resigned = { $who } se ha rendido.
replay-end-timed-out = { $who } se ha quedado sin tiempo.
replay-end-abandoned = { $who } ha abandonado la partida.
replay-end-winner = Gana { $who }.
replay-end-unfinished = Aún no ha terminado: le toca a { $who }.
replay-alt = { $title }, repetición animada: { $players }. { $moves ->
        [one] { $moves } jugada
       *[other] { $moves } jugadas
    }, más o menos una por segundo, desde el tablero vacío hasta el final. { $ending }
replay-alt-turning = { $n ->
        [one] Punto de inflexión marcado en la jugada { $list }.
       *[other] Puntos de inflexión marcados en las jugadas { $list }.
    }
replay-end-stopped = La partida terminó antes de que el tablero la decidiera.

## Tournaments (SPEC section 6)
command-tournament = Organiza un torneo por sistema suizo o de todos contra todos en este canal
name-tournament = torneo
command-tournament-create = Abre la inscripción de un torneo en este canal (tú eres el anfitrión)
command-tournament-join = Inscríbete en el torneo de este canal
command-tournament-leave = Anula tu inscripción o retírate; el anfitrión puede quitar a un jugador
command-tournament-start = Empieza el torneo (solo el anfitrión)
command-tournament-standings = La clasificación del torneo de este canal
command-tournament-end = Termina el torneo ya: la clasificación actual es la definitiva (anfitrión o Gestionar mensajes)
name-create = crear
name-join = unirse
name-start = empezar
name-standings = clasificación
name-format = formato
name-rounds = rondas
name-player = jugador
option-tournament-game = El juego de todas las mesas
option-format = Suizo (se enfrentan jugadores con los mismos puntos) o todos contra todos
option-rounds = Rondas del suizo (por defecto: las mínimas para que haya un solo ganador)
option-tournament-timer = Segundos por jugada en cada partida (por defecto: 60 s)
option-tournament-ranked = Todas las partidas son competitivas (solo Conecta 4)
option-player = El jugador que quitar (solo el anfitrión; en blanco: te retiras tú)
tournament-format-swiss = Suizo
tournament-format-round-robin = Todos contra todos

refusal-tournament-game = No se puede en una partida de torneo: no hay deshacer, pista, pausa ni revancha. Puedes jugar, rendirte o salir (cuenta como derrota).
refusal-tournament-ranked-connect4 = Los torneos competitivos son solo de Conecta 4.
refusal-tournament-rounds = Un torneo suizo tiene de 1 a 12 rondas.
refusal-no-tournament = No hay ningún torneo en este canal. Abre uno con /{ name-tournament } { name-create }.
refusal-tournament-running = Ya hay un torneo en marcha en este canal; abre otro en un canal distinto.
refusal-tournament-in-thread = No se puede abrir un torneo dentro de un hilo: sus partidas necesitan hilos propios. Ábrelo en el canal.
refusal-tournament-started = El torneo ya ha empezado: la inscripción está cerrada.
refusal-tournament-over = Ese torneo ya ha terminado.
refusal-tournament-already-in = Ya te has inscrito.
refusal-tournament-not-in = Ese jugador no está en este torneo.
refusal-tournament-full = El torneo está completo.
refusal-tournament-too-few = Aún no hay jugadores suficientes: un torneo suizo necesita al menos 4, y uno de todos contra todos, al menos 3.

tournament-needs-threads = No puedo organizar un torneo aquí: necesito los permisos **Crear hilos públicos** y **Enviar mensajes en hilos** en este canal (cada partida se juega en un hilo). No se ha abierto nada.
tournament-created = La inscripción del torneo está abierta: el mensaje de abajo tiene **{ button-join }**, **{ button-leave }** y **{ button-start }**.
tournament-joined = Te has inscrito.
tournament-left = Has salido del torneo. Las partidas ya jugadas siguen contando.
tournament-removed = Ese jugador ha salido del torneo. Las partidas ya jugadas siguen contando.
tournament-started = El torneo ha empezado: se están preparando en hilos las partidas de la primera ronda.
tournament-ended = El torneo ha terminado: la clasificación actual es la definitiva.
tournament-title = Torneo de { $game } · { $format }
tournament-rounds-auto = las que hagan falta
tournament-rounds-everyone = todos contra todos
tournament-ranked = · competitivo
tournament-terms = Anfitrión: { $host } · rondas: { $rounds } · { $seconds } s por jugada{ $ranked }
tournament-players = Jugadores ({ $n }/{ $most }): { $names }
tournament-signup-open = Pulsa **{ button-join }** para inscribirte (hacen falta al menos { $fewest } para empezar); el anfitrión pulsa **{ button-start }**. Cada partida se juega en un hilo de este canal; quien no juegue a tiempo pierde la partida.
tournament-playing = Se está jugando la ronda { $round } de { $rounds }.
tournament-ended-early = Terminado antes de tiempo por { $by }: la clasificación actual es la definitiva.
tournament-over = El torneo ha terminado.
tournament-thread = Ronda { $round } · { $first } contra { $second }
tournament-game-call = { $first } contra { $second }: vuestra partida de la ronda { $round }. { $first } juega primero; { $seconds } s por jugada, y quien se quede sin tiempo pierde.
tournament-pairings-title = Ronda { $round } de { $rounds }: emparejamientos
tournament-pairing-line = { $board }. { $first } contra { $second } { $thread }
tournament-bye-line = { $name } descansa en esta ronda (bye: 1 punto).
tournament-bye = descanso (1 punto)
tournament-buchholz = Buchholz
tournament-sonneborn-berger = Sonneborn–Berger
tournament-final-title = Clasificación final: { $title }
tournament-standings-title = Clasificación tras la ronda { $round } de { $rounds }
tournament-standing-line = { $rank }. { $name }: { $points } ({ $tiebreak-name } { $tiebreak }, { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}){ $withdrawn }
tournament-withdrawn = , se ha retirado
tournament-winner = { $n ->
    [one] ¡Gana { $names }!
   *[other] Primer puesto compartido: ¡{ $names }!
}
tournament-column-rank = Puesto
tournament-column-player = Jugador
tournament-column-points = Puntos
tournament-column-games = Partidas
tournament-column-board = Mesa
tournament-column-first = Empieza
tournament-column-second = Juega segundo

## The live web board (SPEC section 8)
button-watch-live = Ver en directo
option-settings-live-links = Mostrar un enlace Ver en directo a la página de cada mesa
name-live-links = enlaces-en-directo
settings-live-links = Enlaces Ver en directo: { $value }.
web-drop-piece = Soltar ficha
web-drop-bead = Soltar cuenta
web-draw-line = Trazar línea
web-login = Inicia sesión con Discord para jugar
web-logout = Cerrar sesión
web-watching = Estás mirando.
web-connecting = Conectando…
web-reconnecting = Conexión perdida — reconectando…
web-choose-column = Elige una columna
web-choose-rod = Elige una varilla
web-choose-line = Elige una línea
web-level = Nivel
web-cpu = CPU
web-you = tú
web-time-left = Tiempo restante
web-not-found = No hay tablero en directo en esta dirección. Vuelve a pedir el enlace Ver en directo de la mesa.
web-no-login = El inicio de sesión no está configurado en este bot.
web-try-again = El bot se está iniciando: inténtalo de nuevo en un momento.
web-login-failed = Discord no confirmó el inicio de sesión. Vuelve a la mesa e inicia sesión otra vez.
web-bad-message = El tablero envió algo que el bot no entiende: recarga la página.
web-log-in-to-play = Inicia sesión con Discord para jugar en esta mesa.

## The web board as a Discord Activity (SPEC section 8)
button-play-live = Jugar en directo
command-launch = Jugad juntos, en directo, la mesa de este canal
activity-connecting = Conectando con Discord…
activity-not-in-instance = No estás en esta actividad, o no está en este canal: vuelve a abrirla desde el canal.
activity-no-table = Todavía no hay mesa en este canal: abre una.
activity-open = Abrir una mesa
activity-game = Juego
activity-level = Nivel de la CPU
activity-open-seats = Plazas abiertas para otros
activity-participants = En esta actividad
activity-open-outside = Fuera de un servidor, empieza primero una partida con un comando de barra y luego pulsa Jugar en directo.
activity-failed = No se pudo contactar con el bot. Cierra la actividad e inténtalo de nuevo.
