# Español (Latinoamérica, es-419). Solo lo que aquí se dice distinto que en
# es-ES: el resto lo toma de es-ES.ftl (y lo que faltara, de en-US.ftl).
# Aquí se prefiere el pretérito («expiró», «te rendiste») al antepresente,
# «presionar» a «pulsar», y el juego de puntos y cajas se llama Timbiriche.

refusal-host-cannot-answer = Tú enviaste esta invitación: espera la respuesta.
refusal-already-answered = Ya respondiste a esta invitación.
refusal-invitation-expired = Esta invitación expiró.
refusal-already-started = Esta partida ya empezó.
refusal-game-over = Esta partida ya terminó.
refusal-table-replaced = Se abrió una mesa más nueva en este canal: usa su tablero.
refusal-broken-table = Lo siento, esta mesa no se pudo recuperar después de un reinicio y no se puede jugar: abre una nueva en este canal.
refusal-own-undo-request = Tú pediste deshacer: le toca responder a tu rival.
closed-idle = Esta mesa de **{ $game }** se cerró después de mucho tiempo sin jugadas.
closed-gone = Esta mesa de **{ $game }** se cerró sin resultado: su servidor, canal o hilo ya no existe.
closed-declined = { $user } rechazó la invitación para jugar **{ $game }**.
closed-expired = La invitación para jugar **{ $game }** expiró sin respuesta.
closed-ended = { $user } cerró esta mesa de **{ $game }**.
invite-text = { $invited }, { $host } te invita a jugar **{ $game }**. Acepta o rechaza antes de 5 minutos.
lobby-text = Presiona **{ button-join }** para ocupar un asiento libre y **{ button-leave }** para dejar el tuyo. { $host } presiona **{ button-start }**; la CPU ({ $level }) ocupa los asientos que sigan libres.
option-open = Mesa abierta: cualquiera puede unirse hasta que presiones Empezar
done-end = Se cerró la mesa.
done-leave = Dejaste la mesa.
done-resign = Te rendiste.
move-played = Jugaste { $move }.
error-storage = Lo siento, no pude guardar esa jugada, así que no cambió nada. Vuelve a intentarlo en un momento.
error-apology = Lo siento, algo falló de mi lado. Vuelve a intentarlo.
hint-none = No hay jugada que sugerir: la partida terminó.
board-declined = { $user } rechazó: la CPU juega ese asiento.
board-missed = { $user } no respondió a tiempo: la CPU juega ese asiento.
board-resigned-left = { $user } se rindió y dejó la mesa: la CPU juega con { $seat } el resto de la partida.
board-timed-out-left = ⏱️ A { $user } se le acabó el tiempo y pierde: la CPU juega con { $seat } el resto de la partida.
board-abandoned-left = 🚪 { $user } abandonó la partida y pierde: la CPU juega con { $seat } el resto de la partida.
board-vacated = 🚪 { $seat } dejó la mesa: la CPU ocupa ese asiento desde la próxima partida.
result-timed-out = ⏱️ A { $who } se le acabó el tiempo.
result-timed-out-wins = ⏱️ A { $who } se le acabó el tiempo. 🏆 **¡Gana { $winner }!**
result-abandoned = 🚪 { $who } abandonó la partida.
result-abandoned-wins = 🚪 { $who } abandonó la partida. 🏆 **¡Gana { $winner }!**
result-resigned = { $who } se rindió.
result-resigned-wins = { $who } se rindió. 🏆 **¡Gana { $winner }!**
stats-none = { $name } todavía no termina ninguna partida en este servidor.

game-dots = Timbiriche
    .gender = masculine
name-dots = timbiriche
command-dots = Juega Timbiriche (puntos y cajas)
rules-dots = **Timbiriche** (puntos y cajas; 2 jugadores; 5 × 4 cajas, también 3 × 3, 4 × 4 y 5 × 5)
    • Traza una línea entre dos puntos vecinos (a1-b1, a1-a2).
    • Al cerrar el cuarto lado de una caja, es tuya y vuelves a jugar enseguida; una línea que no cierra ninguna pasa el turno.
    • Cuando todas las cajas tienen dueño, gana quien tenga más; si hay las mismas, es empate. **{ button-undo }** retira tu última línea.
replay-end-resigned = { $who } se rindió.
replay-end-timed-out = A { $who } se le acabó el tiempo.
replay-end-abandoned = { $who } abandonó la partida.
replay-end-unfinished = Todavía no termina: le toca a { $who }.

## Tournaments (SPEC section 6)
refusal-tournament-started = El torneo ya empezó: la inscripción está cerrada.
refusal-tournament-over = Ese torneo ya terminó.
refusal-tournament-already-in = Ya te inscribiste.
tournament-needs-threads = No puedo organizar un torneo aquí: necesito los permisos **Crear hilos públicos** y **Enviar mensajes en hilos** en este canal (cada partida se juega en un hilo). No se abrió nada.
tournament-joined = Te inscribiste.
tournament-left = Saliste del torneo. Las partidas ya jugadas siguen contando.
tournament-removed = Ese jugador salió del torneo. Las partidas ya jugadas siguen contando.
tournament-started = El torneo empezó: se están preparando en hilos las partidas de la primera ronda.
tournament-ended = El torneo terminó: la clasificación actual es la definitiva.
tournament-signup-open = Presiona **{ button-join }** para inscribirte (hacen falta al menos { $fewest } para empezar); el anfitrión presiona **{ button-start }**. Cada partida se juega en un hilo de este canal; quien no juegue a tiempo pierde la partida.
tournament-over = El torneo terminó.
tournament-game-call = { $first } contra { $second }: su partida de la ronda { $round }. { $first } juega primero; { $seconds } s por jugada, y quien se quede sin tiempo pierde.
tournament-withdrawn = , se retiró

## The live web board (SPEC section 8)
button-watch-live = Ver en vivo
option-settings-live-links = Mostrar un enlace Ver en vivo a la página de cada mesa
name-live-links = enlaces-en-vivo
settings-live-links = Enlaces Ver en vivo: { $value }.
web-drop-piece = Soltar ficha
web-drop-bead = Soltar cuenta
web-draw-line = Trazar línea
web-login = Inicia sesión con Discord para jugar
web-logout = Cerrar sesión
web-watching = Estás mirando.
web-connecting = Conectando…
web-reconnecting = Se perdió la conexión — reconectando…
web-choose-column = Elige una columna
web-choose-rod = Elige una varilla
web-choose-line = Elige una línea
web-level = Nivel
web-cpu = CPU
web-you = tú
web-time-left = Tiempo restante
web-not-found = No hay tablero en vivo en esta dirección. Vuelve a pedir el enlace Ver en vivo de la mesa.
web-no-login = El inicio de sesión no está configurado en este bot.
web-try-again = El bot se está iniciando: inténtalo de nuevo en un momento.
web-login-failed = Discord no confirmó el inicio de sesión. Vuelve a la mesa e inicia sesión otra vez.
web-bad-message = El tablero envió algo que el bot no entiende: recarga la página.
web-log-in-to-play = Inicia sesión con Discord para jugar en esta mesa.

## The web board as a Discord Activity (SPEC section 8)
button-play-live = Jugar en vivo
command-launch = Jueguen juntos, en vivo, la mesa de este canal
activity-connecting = Conectando con Discord…
activity-not-in-instance = No estás en esta actividad, o no está en este canal: vuelve a abrirla desde el canal.
activity-no-table = Todavía no hay mesa en este canal: abre una.
activity-open = Abrir una mesa
activity-game = Juego
activity-level = Nivel de la CPU
activity-open-seats = Lugares abiertos para otros
activity-participants = En esta actividad
activity-open-outside = Fuera de un servidor, empieza primero una partida con un comando de barra y luego toca Jugar en vivo.
activity-failed = No se pudo contactar al bot. Cierra la actividad e inténtalo de nuevo.
