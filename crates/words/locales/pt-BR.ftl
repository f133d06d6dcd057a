# Português (Brasil, pt-BR). Sintaxe Fluent: veja o cabeçalho de en-US.ftl.
# { name-… }: o nome de um comando ou opção como a lista de comandos o mostra
# em português. Plurais (CLDR): "one" vale para 0 e 1.

refusal-table-running = Já há uma mesa de { $game } neste canal. Termine-a (ou /{ name-end }, se for o anfitrião) primeiro, ou comece seu jogo em outro canal ou em um tópico.
refusal-no-table = Não há jogo neste canal. Comece um com /{ name-connect4 }, /{ name-connect4-3p }, /{ name-connect4-3d } ou /{ name-dots }.
refusal-not-your-turn = Não é a sua vez.
refusal-not-your-table = Você não está jogando nesta mesa.
refusal-column-full = Essa coluna está cheia: escolha outra.
refusal-rod-full = Essa haste está cheia: escolha outra.
refusal-line-drawn = Essa linha já foi traçada: escolha outra.
refusal-no-such-move = Essa jogada não existe neste tabuleiro.
refusal-game-over = Este jogo já terminou.
refusal-stale = Esse tabuleiro está desatualizado: use a mensagem mais recente.
refusal-not-invited = Este convite é para outra pessoa.
refusal-host-cannot-answer = Você enviou este convite: aguarde a resposta.
refusal-already-answered = Você já respondeu a este convite.
refusal-invitation-expired = Este convite expirou.
refusal-already-started = Este jogo já começou.
refusal-not-started = O jogo ainda não começou: aguardando respostas.
refusal-match-not-over = A partida ainda está em andamento.
refusal-table-closed = Esta mesa está fechada.
refusal-invited-yourself = Para jogar pelos dois lados, indique só você mesmo como adversário.
refusal-too-many-players = Jogadores demais para este jogo.
refusal-bot-opponent = Bots não jogam. Deixe o adversário em branco para jogar contra mim.
refusal-nothing-to-undo = Você não tem jogada para desfazer.
refusal-own-undo-request = Você pediu para desfazer: seu adversário é quem responde.
refusal-undo-pending = Já há um pedido para desfazer aguardando resposta.
refusal-hint-not-your-turn = Dicas são para a sua vez: aguarde.
refusal-unknown-game = Esse tamanho de tabuleiro não está disponível.
refusal-not-in-guild = Isto só funciona num servidor que me adicionou.
refusal-table-replaced = Uma mesa mais nova foi aberta neste canal: use o tabuleiro dela.
refusal-broken-table = Desculpe, esta mesa não pôde ser restaurada após um reinício e não pode ser jogada: abra uma nova neste canal.
refusal-hint-pending = Uma dica já está sendo preparada para esta mesa: ela chega em instantes.
refusal-no-undo-request = Não há pedido de desfazer para responder.
refusal-unknown-control = Esse controle não pertence a nenhuma mesa que eu conheça: comece um novo jogo ou use o tabuleiro mais recente.
refusal-board-refreshed = Esse tabuleiro estava desatualizado: agora ele mostra o jogo como está. Jogue de novo nele.
refusal-open-self-play = Uma mesa aberta é para outras pessoas entrarem: deixe `{ name-open }` de fora para jogar pelos dois lados.
refusal-not-host = Só o anfitrião desta mesa pode fazer isso.
refusal-paused = O jogo está pausado: o anfitrião o retoma com /{ name-resume }.
refusal-already-paused = O jogo já está pausado.
refusal-not-paused = O jogo não está pausado.
refusal-already-seated = Você já tem um lugar nesta mesa.
refusal-no-free-seat = Todos os lugares desta mesa estão ocupados.
refusal-no-cpu-seat = Não há lugar da CPU para ocupar nesta mesa.
refusal-host-stays = Você é o anfitrião desta mesa: use /{ name-end } para fechá-la.
refusal-cannot-end = Só o anfitrião, ou um membro que pode gerenciar mensagens aqui, pode encerrar esta mesa.
refusal-nothing-due = Nada vence nesta mesa ainda.
refusal-not-open = Esta mesa aguarda os jogadores convidados: não está aberta a outros.
refusal-no-undo-in-ranked = Partidas ranqueadas não têm desfazer.
refusal-cannot-change-settings = Só membros que podem gerenciar este canal mudam os ajustes. Use /{ name-settings } sem opções para vê-los.
error-unknown-timer = "{ $timer }" não é um tempo: escolha 30, 60 ou 90 segundos.
error-restarting = O bot está reiniciando: tente de novo em um instante.
closed-idle = Esta mesa de **{ $game }** foi fechada após muito tempo sem jogadas.
closed-gone = Esta mesa de **{ $game }** foi fechada sem resultado: seu servidor, canal ou tópico não existe mais.
board-timed-out-left = ⏱️ { $user } ficou sem tempo: uma CPU joga { $seat }, a menos que aperte { button-rejoin } (uma vez) antes do fim da partida.
board-abandoned-left = 🚪 { $user } saiu da partida: uma CPU joga { $seat }, a menos que aperte { button-rejoin } (uma vez) antes do fim da partida.
board-reserved = 🪑 { $user } fica com o lugar { $seat } da CPU a partir da próxima partida.
board-freed = 🪑 A CPU deixa { $seat } depois desta partida: pessoas podem entrar.
board-vacated = 🚪 { $seat } saiu da mesa: uma CPU ocupa esse lugar a partir da próxima partida.
board-paused = ⏸️ Pausado por { $host } { $since }: nada se move até o anfitrião retomar.
board-clock = — ⏱️ o tempo acaba { $when }
result-timed-out = ⏱️ { $who } ficou sem tempo.
result-timed-out-wins = ⏱️ { $who } ficou sem tempo. 🏆 **{ $winner } vence!**
result-abandoned = 🚪 { $who } saiu da partida.
result-abandoned-wins = 🚪 { $who } saiu da partida. 🏆 **{ $winner } vence!**
button-join = Entrar
button-leave = Sair
button-start = Começar
button-pause = Pausar
button-resume = Retomar
button-free-seat = Liberar um lugar da CPU
state-open = mesa aberta
state-inviting = aguardando respostas
state-playing = em jogo
state-paused = ⏸️ pausado
state-over = partida encerrada
state-ended = encerrada
rules-timer = ⏱️ { $seconds } s por jogada
rules-same-starter = mesmo jogador começa
lobby-free = — lugar livre —
lobby-text = Aperte **Entrar** para ocupar um lugar livre, **Sair** para deixar o seu. { $host } aperta **Começar**; a CPU ({ $level }) ocupa os lugares ainda livres.
done-end = A mesa foi encerrada.
done-pause = O jogo está pausado. /{ name-resume } continua.
done-resume = O jogo continua.
done-leave = Você saiu da mesa.
done-resign = Você desistiu.
settings-no-timer = sem tempo por jogada
settings-on = sim
settings-off = não
settings-shown = Padrões deste canal: { $timer } · quem começa alterna: { $rotate } · nível da CPU: { $level } · partidas ranqueadas: { $ranked }.
settings-changed = Salvo. Os padrões deste canal agora são: { $timer } · quem começa alterna: { $rotate } · nível da CPU: { $level } · partidas ranqueadas: { $ranked }.
settings-table-changed = Próximas partidas desta mesa: { $timer } · quem começa alterna: { $rotate } · nível da CPU: { $level }.
command-end = Encerrar a mesa deste canal (anfitrião ou moderadores)
command-pause = Pausar o jogo deste canal (anfitrião)
command-resume = Retomar o jogo pausado deste canal (anfitrião)
command-leave = Deixar seu lugar na mesa deste canal
command-resign = Desistir da partida atual
command-settings = Ver os padrões de jogo deste canal, ou mudá-los (Gerenciar canais)
option-timer = Segundos por jogada (padrão: o do canal, desligado se não definido)
option-open = Mesa aberta: qualquer um pode entrar até você apertar Começar
option-rotate = Quem começa alterna após cada partida
option-settings-timer = Segundos por jogada nas novas mesas
option-settings-ranked = Permitir partidas ranqueadas neste canal
choice-timer-off = desligado
choice-timer-30 = 30 s
choice-timer-60 = 60 s
choice-timer-90 = 90 s
name-end = encerrar
name-pause = pausar
name-resume = retomar
name-leave = sair
name-resign = desistir
name-settings = ajustes
name-timer = tempo
name-open = aberta
name-rotate = alternar
error-storage = Desculpe, não consegui salvar essa jogada, então nada mudou. Tente de novo em instantes.

error-apology = Desculpe, algo deu errado do meu lado. Tente de novo.
error-bad-move-name = “{ $typed }” não é uma jogada neste tabuleiro. Escolha uma da lista enquanto digita.
error-invite-once = Convide cada pessoa uma vez só.
error-unknown-level = Nível desconhecido “{ $level }”: use easy, medium ou hard.
error-pick-colour = Escolha vermelho ou amarelo.
error-unknown-size = Tamanho desconhecido “{ $size }”: use 5x4, 3x3, 4x4 ou 5x5.
error-unexpected-option = Opção inesperada “{ $option }”.
error-self-in-three = Num jogo de três, não indique seu próprio nome: os lugares vazios ficam com a CPU.

move-played = Você jogou { $move }.
hint-text = 💡 Dica: a CPU difícil jogaria **{ $move }**.
hint-wins = 💡 Dica: **{ $move }** vence, em { $moves ->
        [one] { $moves } jogada
       *[other] { $moves } jogadas
    } contando esta.
hint-wins-now = 💡 Dica: **{ $move }** vence na hora.
hint-wins-proved = 💡 Dica: **{ $move }** vence (provado; não deu tempo de calcular em quantas jogadas).
hint-draws = 💡 Dica: **{ $move }** garante o empate; nenhuma jogada vence.
hint-loses = 💡 Dica: toda jogada perde; **{ $move }** resiste mais, { $moves ->
        [one] { $moves } jogada
       *[other] { $moves } jogadas
    } contando esta.
hint-loses-now = 💡 Dica: toda jogada perde na hora; **{ $move }** é tão boa quanto qualquer outra.
hint-loses-proved = 💡 Dica: toda jogada perde; **{ $move }** é a escolha da busca.
hint-guess = 💡 Dica: melhor palpite **{ $move }** (nada provado a tempo).
hint-none = Nenhuma jogada a sugerir: o jogo terminou.

game-connect4 = Quatro em linha
game-connect4-3p = Quatro em linha para três
game-connect4-3d = Quatro em linha 3D
game-dots = Pontos e quadrados

colour-red = vermelho
colour-yellow = amarelo
colour-blue = azul
colour-grey = cinza
word-column = coluna
word-rod = haste
word-line = linha
level-easy = fácil
level-medium = médio
level-hard = difícil
cpu-name = CPU ({ $level })

invite-text = { $invited }, { $host } convida você para jogar **{ $game }**! Aceite ou recuse em até 5 minutos.
invite-accepted = (aceitou)
invite-declined = (recusou: a CPU fica com o lugar)
closed-declined = { $user } recusou o convite para jogar **{ $game }**.
closed-expired = O convite para jogar **{ $game }** expirou sem resposta.
closed-ended = { $user } encerrou esta mesa de **{ $game }**.

board-match = partida { $n }
board-vs = contra
board-declined = { $user } recusou: a CPU joga nesse lugar.
board-missed = { $user } não respondeu a tempo: a CPU joga nesse lugar.
board-resigned-left = { $user } desistiu e saiu: a CPU joga de { $seat } até o fim da partida.
board-last-move = Última jogada: { $emoji } { $word } { $move }
board-box-again = — casa fechada: joga de novo
board-boxes = Casas: { $a } · { $b }
board-undo-request = ↩️ { $user } pede para desfazer a última jogada. Adversário: **{ $accept }** ou **{ $decline }**?
board-turn = **Vez de:** { $who }
board-thinking = — pensando…
board-menu = Trace uma linha ({ $first } … { $last })

result-wins = 🏆 **{ $who } venceu!**
result-wins-score = 🏆 **{ $who } venceu por { $a }–{ $b }!**
result-draw = **Empate!** O tabuleiro está cheio.
result-draw-score = **Empate!** { $a }–{ $b }
result-resigned = { $who } desistiu.
result-resigned-wins = { $who } desistiu. 🏆 **{ $winner } venceu!**

button-accept = Aceitar
button-decline = Recusar
button-resign = Desistir
button-rematch = Revanche
button-undo = Desfazer
button-hint = Dica

command-connect4 = Jogue Quatro em linha: desafie alguém ou jogue contra mim
command-connect4-3p = Jogue Quatro em linha para três num tabuleiro 9×9
command-connect4-3d = Jogue Quatro em linha 3D num cubo 4×4×4
command-dots = Jogue Pontos e quadrados
command-move = Faça uma jogada no jogo deste canal
option-opponent = Quem desafiar (em branco: contra a CPU; você mesmo: os dois lados)
option-player2 = Segundo jogador (lugares vazios ficam com a CPU)
option-player3 = Terceiro jogador (lugares vazios ficam com a CPU)
option-level = Força da CPU (padrão: médio)
option-color = Sua cor contra a CPU (padrão: sorteada)
option-size = Casas de largura × altura (padrão: 5x4)
option-at = A jogada: nome da coluna, haste ou linha
choice-red-first = vermelho (começa)
choice-yellow = amarelo

# Nomes localizados de comandos e opções.
name-move = jogar
name-opponent = adversario
name-player2 = jogador2
name-player3 = jogador3
name-level = nivel
name-color = cor
name-size = tamanho
name-at = em

# /help e /rules
command-help = Como jogar com este bot
command-rules = As regras de um jogo
option-game = Qual jogo
name-help = ajuda
name-rules = regras
name-game = jogo
help-text = **boardbot** organiza jogos de tabuleiro neste canal.
    • `/{ name-connect4 }`, `/{ name-connect4-3p }`, `/{ name-connect4-3d }`, `/{ name-dots }`: comece um jogo. Sem adversário você joga contra mim; indique um amigo para convidá-lo; indique você mesmo para jogar pelos dois lados. `{ name-level }`: { level-easy }, { level-medium } ou { level-hard }.
    • Jogue com os botões ou menus sob o tabuleiro, ou com `/{ name-move } { name-at }:` (4, B3, a1-b1).
    • **{ button-resign }**, **{ button-rematch }**, **{ button-hint }** (contra a CPU e no 3D), **{ button-undo }** (contra a CPU na hora; entre pessoas o adversário aceita).
    • `{ name-timer }:` 30, 60 ou 90 s por jogada; `{ name-open }:true` abre a mesa: **{ button-join }**, **{ button-leave }**, e o anfitrião aperta **{ button-start }**.
    • `/{ name-pause }`, `/{ name-resume }` (anfitrião), `/{ name-end }` (anfitrião ou Gerenciar mensagens), `/{ name-leave }`, `/{ name-resign }`, `/{ name-settings }` (padrões do canal).
    • Um jogo por canal: use um tópico para outro.
    • `/{ name-rules } { name-game }:` explica um jogo.
    • `/{ name-tournament } { name-create }`: um torneio suíço ou todos contra todos neste canal, cada partida no seu próprio tópico.
rules-connect4 = **Quatro em linha** (2 jogadores, 7 × 6)
    • Vermelho começa, depois amarelo. Escolha uma coluna: a peça cai na casa livre mais baixa. Uma coluna cheia não recebe peça.
    • Quatro ou mais da sua cor em linha — na horizontal, na vertical ou na diagonal — vencem na hora.
    • Tabuleiro cheio sem linha é empate.
rules-connect4-3p = **Quatro em linha para três** (3 jogadores, 9 × 9)
    • Vermelho ○, amarelo × e azul ☆ jogam nessa ordem; vermelho começa. Escolha uma coluna: a peça cai na casa livre mais baixa.
    • Quem primeiro alinhar quatro ou mais vence. Tabuleiro cheio é empate.
    • A CPU joga nos lugares vazios; quem desiste sai e a CPU assume o lugar.
rules-connect4-3d = **Quatro em linha 3D** (2 jogadores, 4 × 4 × 4)
    • 16 hastes de 4 peças. Vermelho começa. Escolha uma haste (A1 … D4): a peça desce ao nível livre mais baixo.
    • Quatro em linha reta vencem: numa fila, coluna ou haste, num nível ou plano vertical, ou de canto a canto pelo centro (76 linhas).
    • Cubo cheio é empate. **Dica** mostra a jogada da CPU difícil.
rules-dots = **Pontos e quadrados** (2 jogadores; 5 × 4 casas, também 3 × 3, 4 × 4, 5 × 5)
    • Trace uma linha entre dois pontos vizinhos (a1-b1, a1-a2).
    • Fechar o quarto lado de uma casa a conquista, e você traça de novo; uma linha que não fecha nada passa a vez.
    • Com todas as casas fechadas, vence quem tiver mais; igualdade é empate. **Desfazer** anula sua última linha.

# Palavras desenhadas nas imagens do tabuleiro.
image-level = Nível { $n }
image-level-bottom = Nível 1 (base)
image-level-top = Nível 4 (topo)

# Texto alternativo das imagens do tabuleiro.
alt-grid-summary = { $title }, { $columns ->
        [one] { $columns } coluna
       *[other] { $columns } colunas
    } × { $rows ->
        [one] { $rows } linha
       *[other] { $rows } linhas
    }, { $total ->
        [one] { $total } peça
       *[other] { $total } peças
    } ({ $seats }).
alt-grid-last = Última peça: { $who } na coluna { $column }, linha { $row }.
alt-grid-last-anon = Última peça: na coluna { $column }, linha { $row }.
alt-grid-empty = O tabuleiro está vazio.
alt-grid-win = Linha vencedora de { $who }: { $cells } (coluna-linha).
alt-grid-win-anon = Linha vencedora: { $cells } (coluna-linha).
alt-grid-columns = Colunas, de baixo para cima:
alt-empty = vazias: { $list }.
alt-cube-summary = Quatro em linha 3D, 4 níveis lado a lado, a base primeiro; { $total ->
        [one] { $total } peça
       *[other] { $total } peças
    } ({ $seats }).
alt-cube-last = Última peça: { $who } na haste { $rod }, nível { $level }.
alt-cube-last-anon = Última peça: na haste { $rod }, nível { $level }.
alt-cube-cell = { $rod } nível { $level }
alt-cube-win = Linha vencedora de { $who }: { $cells }.
alt-cube-win-anon = Linha vencedora: { $cells }.
alt-cube-rods = Hastes, de baixo para cima:
alt-cube-empty = O cubo está vazio.
alt-dots-summary = Pontos e quadrados, { $width } × { $height } { $boxes ->
        [one] casa
       *[other] casas
    }. Placar: { $a } ({ $a_seat }) { $a_score }, { $b } ({ $b_seat }) { $b_score }. { $drawn } de { $lines ->
        [one] { $lines } linha traçada
       *[other] { $lines } linhas traçadas
    } ({ $a } { $a_lines }, { $b } { $b_lines }).
alt-dots-last = Última linha: { $line }, de { $who }.
alt-dots-last-anon = Última linha: { $line }.
alt-dots-named = As casas levam o nome do ponto do canto superior esquerdo.
alt-dots-boxes = Casas de { $who }: { $list }.
alt-dots-open = { $n ->
        [one] { $n } casa aberta.
       *[other] { $n } casas abertas.
    }

# Command names (English: the fixed names; others: Discord name_localizations).
name-connect4 = quatro-em-linha
name-connect4-3p = quatro-em-linha-3j
name-connect4-3d = quatro-em-linha-3d
name-dots = pontos-e-quadrados

# Partidas ranqueadas: ratings, classificação, estatísticas.
rating-line = **{ $name }** — { $game }: **{ $rating }**{ $provisional } ± { $deviation }
rating-provisional-mark = ?
rating-provisional = Provisório: menos de 5 partidas ranqueadas, ou ainda incerto.
rating-rank = Posição **{ $rank }** de { $rated } neste servidor
rating-record = { $games ->
        [one] { $games } partida ranqueada
       *[other] { $games } partidas ranqueadas
    }: { $wins ->
        [one] { $wins } vitória
       *[other] { $wins } vitórias
    }, { $draws ->
        [one] { $draws } empate
       *[other] { $draws } empates
    }, { $losses ->
        [one] { $losses } derrota
       *[other] { $losses } derrotas
    }
rating-change = Última partida: { $change }
rating-none = { $name } ainda não tem rating de { $game } neste servidor: o rating vem das partidas iniciadas com `{ name-ranked }:true`.
leaderboard-title = { $game } — classificação
leaderboard-empty = Ninguém tem rating de { $game } neste servidor ainda: jogue uma partida com `{ name-ranked }:true`.
leaderboard-your-line = Sua posição
leaderboard-rank = Posição
leaderboard-player = Jogador
leaderboard-rating = Rating
leaderboard-record = V / E / D
leaderboard-line = { $rank }. { $name } — { $rating }{ $provisional } ({ $wins } V, { $draws } E, { $losses } D)
stats-title = { $name } — resultados neste servidor
stats-none = { $name } ainda não terminou nenhuma partida neste servidor.
stats-all-games = Todos os jogos
stats-vs-people = Contra pessoas
stats-vs-cpu = Contra a CPU ({ $level })
stats-ranked = Ranqueadas
stats-wins = Vitórias
stats-draws = Empates
stats-losses = Derrotas
stats-record = { $wins } V · { $draws } E · { $losses } D
stats-streak = Maior sequência de vitórias: { $n }
board-ranked = ⚖️ Partida ranqueada: os ratings mudam quando ela terminar.
refusal-ranked-needs-people = Partidas ranqueadas são só entre pessoas: cada lugar precisa de uma pessoa diferente (sem CPU, sem jogar pelos dois lados).
refusal-ranked-off = As partidas ranqueadas estão desativadas neste canal (/{ name-settings } { name-ranked }).
command-rating = Mostra um rating neste servidor: valor, posição e resultados
command-leaderboard = Os melhores ratings deste servidor em um jogo
command-stats = Resultados neste servidor: por jogo, contra pessoas e contra a CPU
option-ranked = Partida ranqueada: os ratings mudam no fim (só pessoas, sem CPU)
option-user = De quem (padrão: você)
name-rating = rating
name-leaderboard = classificação
name-stats = estatísticas
name-ranked = ranqueada
name-user = usuario
alt-leaderboard = { $title }. { $lines }
alt-leaderboard-line = { $rank }. { $name }: { $rating }{ $provisional }, { $wins ->
        [one] { $wins } vitória
       *[other] { $wins } vitórias
    }, { $draws ->
        [one] { $draws } empate
       *[other] { $draws } empates
    }, { $losses ->
        [one] { $losses } derrota
       *[other] { $losses } derrotas
    }.
alt-leaderboard-own = Sua posição: { $line }
alt-stats = { $title }. { $lines }
alt-stats-game = { $game }: { $wins ->
        [one] { $wins } vitória
       *[other] { $wins } vitórias
    }, { $draws ->
        [one] { $draws } empate
       *[other] { $draws } empates
    }, { $losses ->
        [one] { $losses } derrota
       *[other] { $losses } derrotas
    }.
alt-stats-vs-people = Contra pessoas: { $wins ->
        [one] { $wins } vitória
       *[other] { $wins } vitórias
    }, { $draws ->
        [one] { $draws } empate
       *[other] { $draws } empates
    }, { $losses ->
        [one] { $losses } derrota
       *[other] { $losses } derrotas
    }.
alt-stats-vs-cpu = Contra a CPU ({ $level }): { $wins ->
        [one] { $wins } vitória
       *[other] { $wins } vitórias
    }, { $draws ->
        [one] { $draws } empate
       *[other] { $draws } empates
    }, { $losses ->
        [one] { $losses } derrota
       *[other] { $losses } derrotas
    }.
rating-after-match = { $name }: { $rating }{ $provisional } ({ $change })
command-review = A análise do solucionador da última partida terminada deste canal
option-match = Um número de partida de /{ name-review } ou /{ name-stats } (padrão: a última deste canal)
name-review = analise
name-match = partida
review-title = 🔎 **Análise da partida nº { $id }** — { $game }: { $players }
review-exact-note = Avaliado pelo solucionador exato: "vitória em n" conta as jogadas de quem joga, esta incluída.
review-dots-note = Avaliado pelo solucionador exato quando { $lines ->
        [one] resta { $lines } traço livre
       *[other] restam { $lines } traços livres ou menos
    }; as jogadas anteriores não são avaliadas.
review-estimate-note = ⚠️ Uma estimativa da CPU difícil, não uma prova: aponta vitórias perdidas e vitórias entregues a um lance de distância.
review-tally = { $name }: melhores jogadas { $best } · imprecisões { $inaccuracies } · viradas { $turning } · não avaliadas { $ungraded }
review-tally-estimate = { $name }: como a CPU difícil { $best } · outras escolhas { $inaccuracies } · viradas { $turning }
review-turning-header = **Viradas**
review-no-turning-points = Nenhuma virada: cada jogada avaliada manteve o resultado.
review-mistake = Jogada { $n }, { $name }: **{ $played }** transformou { $before } em { $after }; **{ $better }** mantinha { $before }.
review-missed-win = Jogada { $n }, { $name }: **{ $played }** perdeu a vitória em **{ $better }** (estimativa).
review-gave-win = Jogada { $n }, { $name }: **{ $played }** deixou o próximo jogador vencer em seguida; **{ $better }** impedia (estimativa).
review-more = … e mais { $n }.
review-none = Ainda não há partida terminada neste canal: jogue uma e peça de novo.
review-unknown-match = Não há partida nº { $id } neste servidor.
review-cannot = Esta partida não pode ser repetida, então não pode ser analisada.
review-picture-title = Partida nº { $id }, jogada { $n } ({ $name })
review-caption-played = Jogou { $move }: { $value }
review-caption-better = Melhor { $move }: { $value }
review-strip = Cada posição, jogada a jogada: para cima quando { $name } está melhor, para baixo se não; ▼ viradas
review-strip-estimate = Cada jogada; ▼ viradas (estimativa)
outlook-win-in = vitória em { $n }
outlook-loss-in = derrota em { $n }
outlook-win = vitória
outlook-loss = derrota
outlook-draw = empate
outlook-win-by = vitória por { $n }
outlook-loss-by = derrota por { $n }
outlook-unknown = não provado
review-caption-played-estimate = Jogou { $move }
review-caption-better-estimate = Melhor { $move } (estimativa)
refusal-no-undo-in-puzzle = Um desafio não tem desfazer nem dica: Revanche recomeça.
refusal-puzzle-alone = Um desafio se joga sozinho contra a CPU.
command-puzzle = O desafio do dia: uma posição com vitória forçada, contra um defensor perfeito
name-puzzle = desafio
puzzle-none = Não há desafio hoje para este jogo; tente outro.
error-no-puzzle = Há desafios para Quatro em linha e Pontos e quadrados, não para { $game }.
puzzle-task-connect4 = 🧩 Desafio de { $date }: é a sua vez; vença { $n ->
        [one] com esta jogada
       *[other] em no máximo { $n } jogadas suas
    }. Só uma coluna vence.
puzzle-task-dots = 🧩 Desafio de { $date }: é a sua vez; termine com uma margem de { $margin } quadrados ou mais. Só um traço garante isso.
puzzle-solved = 🧩 Resolvido! { $n ->
        [one] { $n } pessoa neste servidor resolveu
       *[other] { $n } pessoas neste servidor resolveram
    } o desafio de { $date }.
puzzle-not-solved = 🧩 Não resolvido desta vez: Revanche recomeça o desafio de { $date }.
stats-recent = Últimas partidas, a mais recente primeiro (`/{ name-review } { name-match }:N` analisa uma): { $matches }
busy-reviews = Você já está esperando tantas análises quanto pode: tente de novo quando uma delas chegar (em até um minuto).
busy-server-reviews = Este servidor já tem tantas análises em preparação quanto pode: tente de novo em um minuto.
busy-hints = Você já está esperando tantas dicas quanto pode: tente de novo quando uma delas chegar.
busy-hint-queue = Muitas dicas estão sendo preparadas agora: tente de novo em instantes.
busy-tables = Você já hospeda tantas mesas em andamento neste servidor quanto pode: encerre uma (`/{ name-end }`) ou termine uma partida e tente de novo.
refusal-no-seat-to-rejoin = Você não tem lugar para retomar nesta partida.
refusal-already-rejoined = Você já retomou seu lugar uma vez nesta partida: agora a CPU fica com ele.
refusal-resigned-for-good = Você desistiu desta partida: seu lugar fica com a CPU até o fim.
button-rejoin = Voltar ao lugar
board-rejoined = ↩️ { $user } retomou { $seat } depois do lance { $move } (a CPU jogou por ele nesse tempo).
board-deserted = Todos saíram: a CPU terminou a partida e a mesa está fechada. Comece outro jogo com um comando de jogo.
review-cpu-stretch = 🤖 A CPU jogou por { $user } do lance { $from } ao lance { $to }: esses lances contam como de { $seat }.
command-tables = As mesas em andamento e abertas deste servidor, com links para os tabuleiros
name-tables = mesas
tables-none = Nenhuma mesa em andamento neste servidor. Comece uma com /{ name-connect4 }, /{ name-connect4-3p }, /{ name-connect4-3d } ou /{ name-dots }.
tables-header = **{ $n ->
        [one] { $n } mesa em andamento neste servidor
       *[other] { $n } mesas em andamento neste servidor
    }** (as mais novas primeiro; entre numa mesa aberta pelo tabuleiro dela)
tables-line = { $state } **{ $game }** · { $seats } · { $moves ->
        [one] { $moves } lance
       *[other] { $moves } lances
    } · última ação { $since } · { $board }
tables-open = 🟢 aberta
tables-waiting = ✉️ esperando respostas
tables-playing = ▶️ em jogo
tables-paused = ⏸️ pausada
tables-board = tabuleiro
tables-more = … e mais { $n ->
        [one] { $n } mesa
       *[other] { $n } mesas
    }.

# Jogar em qualquer lugar: a instalação da própria pessoa.
refusal-ranked-outside = Partidas fora de um servidor que me adicionou nunca são ranqueadas: comece sem { name-ranked }:true.
review-players-only = Só quem jogou essa partida pode ver a análise dela aqui.
anywhere-unshared = Este servidor desativou “Usar apps externos”, então tudo o que eu responder aqui seria visto só por você: não dá para compartilhar um tabuleiro aqui. Jogue numa mensagem direta ou num grupo, ou peça ao servidor para me adicionar.
anywhere-server-only = /{ $command } é de um servidor que me adicionou: use lá. Os jogos, /{ name-rules } e /{ name-help } funcionam em qualquer lugar.

# /replay e o botão Replay: uma partida terminada em animação
command-replay = Um replay animado da última partida terminada deste canal
name-replay = replay
button-replay = Replay
replay-text = 🎞️ **Replay da partida nº { $id }** — { $game }: { $players }
replay-cannot = Esta partida não pode ser repetida.
replay-title = Partida nº { $id } · { $game }
replay-move-number = Jogada { $n }
replay-turning = Virada: { $words }
replay-end-wins = { $who } venceu com quatro em linha.
replay-end-wins-score = { $who } venceu por { $a }–{ $b }.
replay-end-draw = Empate: o tabuleiro está cheio.
replay-end-draw-score = Empate, { $a }–{ $b }.
replay-end-resigned = { $who } desistiu.
replay-end-timed-out = { $who } ficou sem tempo.
replay-end-abandoned = { $who } saiu da partida.
replay-end-winner = { $who } venceu.
replay-end-unfinished = Ainda não terminou: é a vez de { $who }.
replay-alt = { $title }, replay animado: { $players }. { $moves ->
        [one] { $moves } jogada
       *[other] { $moves } jogadas
    }, cerca de uma por segundo, do tabuleiro vazio até o fim. { $ending }
replay-alt-turning = { $n ->
        [one] Virada marcada na jogada { $list }.
       *[other] Viradas marcadas nas jogadas { $list }.
    }
replay-end-stopped = A partida terminou antes de o tabuleiro decidir.

## Tournaments (SPEC section 6)
command-tournament = Organizar um torneio suíço ou todos contra todos neste canal
name-tournament = torneio
command-tournament-create = Abrir as inscrições de um torneio neste canal (você é o anfitrião)
command-tournament-join = Inscrever-se no torneio deste canal
command-tournament-leave = Cancelar a inscrição ou retirar-se; o anfitrião pode remover um jogador
command-tournament-start = Começar o torneio (só o anfitrião)
command-tournament-standings = A classificação do torneio deste canal
command-tournament-end = Encerrar o torneio agora: a classificação atual fica final (anfitrião ou Gerenciar mensagens)
name-create = criar
name-join = entrar
name-start = iniciar
name-standings = classificação
name-format = formato
name-rounds = rodadas
name-player = jogador
option-tournament-game = O jogo de todas as mesas
option-format = Suíço (jogadores com a mesma pontuação se enfrentam) ou todos contra todos
option-rounds = Rodadas do suíço (padrão: o mínimo para haver um só vencedor)
option-tournament-timer = Segundos por jogada em todas as partidas (padrão: 60 s)
option-tournament-ranked = Todas as partidas valem rating (só Quatro em linha)
option-player = O jogador a remover (só o anfitrião; deixe em branco para você sair)
tournament-format-swiss = Suíço
tournament-format-round-robin = Todos contra todos

refusal-tournament-game = Isso não vale numa partida de torneio: não há desfazer, dica, pausa nem revanche. Você pode jogar, desistir ou sair (conta como derrota).
refusal-tournament-ranked-connect4 = Torneios ranqueados são só de Quatro em linha.
refusal-tournament-rounds = Um torneio suíço tem de 1 a 12 rodadas.
refusal-no-tournament = Não há torneio neste canal. Abra um com /{ name-tournament } { name-create }.
refusal-tournament-running = Já há um torneio em andamento neste canal; abra outro em um canal diferente.
refusal-tournament-in-thread = Não dá para abrir um torneio dentro de um tópico: as partidas dele precisam de tópicos próprios. Abra-o no canal.
refusal-tournament-started = O torneio já começou: as inscrições estão encerradas.
refusal-tournament-over = Esse torneio já terminou.
refusal-tournament-already-in = Você já se inscreveu.
refusal-tournament-not-in = Esse jogador não está neste torneio.
refusal-tournament-full = O torneio está lotado.
refusal-tournament-too-few = Ainda não há jogadores suficientes: um torneio suíço precisa de pelo menos 4, um todos contra todos de pelo menos 3.

tournament-needs-threads = Não consigo organizar um torneio aqui: preciso das permissões **Criar tópicos públicos** e **Enviar mensagens em tópicos** neste canal (cada partida é jogada em um tópico). Nada foi aberto.
tournament-created = As inscrições do torneio estão abertas: a mensagem abaixo tem **{ button-join }**, **{ button-leave }** e **{ button-start }**.
tournament-joined = Inscrição feita.
tournament-left = Você saiu do torneio. As partidas já jogadas continuam valendo.
tournament-removed = O jogador foi removido do torneio. As partidas já jogadas continuam valendo.
tournament-started = O torneio começou: as partidas da primeira rodada estão sendo preparadas em tópicos.
tournament-ended = O torneio terminou: a classificação até aqui é a final.
tournament-title = Torneio de { $game } · { $format }
tournament-rounds-auto = quantas forem necessárias
tournament-rounds-everyone = todos contra todos
tournament-ranked = · ranqueado
tournament-terms = Anfitrião: { $host } · rodadas: { $rounds } · { $seconds } s por jogada{ $ranked }
tournament-players = Jogadores ({ $n }/{ $most }): { $names }
tournament-signup-open = Aperte **{ button-join }** para se inscrever (pelo menos { $fewest } para começar); o anfitrião aperta **{ button-start }**. Cada partida é jogada num tópico deste canal; quem não jogar a tempo perde a partida.
tournament-playing = A rodada { $round } de { $rounds } está em andamento.
tournament-ended-early = Encerrado antes da hora por { $by }: a classificação até aqui é a final.
tournament-over = O torneio terminou.
tournament-thread = Rodada { $round } · { $first } contra { $second }
tournament-game-call = { $first } contra { $second }: a partida de vocês na rodada { $round }. { $first } começa; { $seconds } s por jogada, e quem ficar sem tempo perde.
tournament-pairings-title = Rodada { $round } de { $rounds }: emparceiramentos
tournament-pairing-line = { $board }. { $first } contra { $second } { $thread }
tournament-bye-line = { $name } folga nesta rodada (bye: 1 ponto).
tournament-bye = folga (1 ponto)
tournament-buchholz = Buchholz
tournament-sonneborn-berger = Sonneborn–Berger
tournament-final-title = Classificação final: { $title }
tournament-standings-title = Classificação após a rodada { $round } de { $rounds }
tournament-standing-line = { $rank }. { $name }: { $points } ({ $tiebreak-name } { $tiebreak }, { $games ->
    [one] { $games } partida
   *[other] { $games } partidas
}){ $withdrawn }
tournament-withdrawn = , retirou-se
tournament-winner = { $n ->
    [one] Vitória de { $names }!
   *[other] Primeiro lugar dividido: { $names }!
}
tournament-column-rank = Posição
tournament-column-player = Jogador
tournament-column-points = Pontos
tournament-column-games = Partidas
tournament-column-board = Mesa
tournament-column-first = Começa
tournament-column-second = Joga em segundo

## The live web board (SPEC section 8)
button-watch-live = Assistir ao vivo
option-settings-live-links = Mostrar um link Assistir ao vivo para a página de cada mesa
name-live-links = links-ao-vivo
settings-live-links = Links Assistir ao vivo: { $value }.
web-drop-piece = Soltar peça
web-drop-bead = Soltar conta
web-draw-line = Traçar linha
web-login = Entre com o Discord para jogar
web-logout = Sair
web-watching = Você está assistindo.
web-connecting = Conectando…
web-reconnecting = Conexão perdida — reconectando…
web-choose-column = Escolha uma coluna
web-choose-rod = Escolha uma haste
web-choose-line = Escolha uma linha
web-level = Nível
web-cpu = CPU
web-you = você
web-time-left = Tempo restante
web-not-found = Não há tabuleiro ao vivo neste endereço. Peça de novo o link Assistir ao vivo da mesa.
web-no-login = O login não está configurado neste bot.
web-try-again = O bot está iniciando: tente de novo em instantes.
web-login-failed = O Discord não confirmou o login. Volte à mesa e entre de novo.
web-bad-message = O tabuleiro enviou algo que o bot não entende: recarregue a página.
web-log-in-to-play = Entre com o Discord para jogar nesta mesa.

## The web board as a Discord Activity (SPEC section 8)
button-play-live = Jogar ao vivo
command-launch = Jogue a mesa deste canal ao vivo, juntos
activity-connecting = Conectando ao Discord…
activity-not-in-instance = Você não está nesta atividade, ou ela não está neste canal: abra-a de novo pelo canal.
activity-no-table = Ainda não há mesa neste canal: abra uma.
activity-open = Abrir uma mesa
activity-game = Jogo
activity-level = Nível da CPU
activity-open-seats = Lugares abertos para outros
activity-participants = Nesta atividade
activity-open-outside = Fora de um servidor, comece um jogo com um comando de barra e depois toque em Jogar ao vivo.
activity-failed = Não foi possível falar com o bot. Feche a atividade e tente de novo.
