"""The whole final scoring computed from a Board and the Claims.

score_board() works out what a table would count by hand (routes by length,
tickets completed, tourist-route penalties, longest track, West-to-East path,
stations left) and enters it into a game.Game score sheet, so the breakdown,
totals and ranking come from the same code as the hand-entered sheet.
"""
from schaffner.ttr_austria import points as pts
from schaffner.ttr_austria.board import EAST, WEST
from schaffner.ttr_austria.game import Game
from schaffner.ttr_austria.network import groups, longest_track


def score_board(board, claims, longest=True, west_east=True, stations=False):
    """Score a finished game.  Returns (game, details): game is a filled
    game.Game; details[p] is a dict for player p with
      "tickets":  [(ticket index, done), ...] in the order held
      "fined":    tourist-route indices whose penalty p pays
      "longest":  p's longest continuous track in cars
      "we":       p has a West-to-East path (own routes only)
      "borrowed": route indices p's stations use (chosen for the best score)
      "trains":   train cars p used
    """
    claims.check()
    n = len(claims.names)
    if not stations and [s for s in claims.stations if s]:
        raise ValueError("Stations placed but the option is off")
    game = Game.new(n, longest, west_east, stations)
    west = board.side_cities(WEST)
    east = board.side_cities(EAST)
    details = []
    for p in range(n):
        own = [board.routes[r] for r in claims.routes[p]]
        counts = [0] * pts.MAX_LENGTH
        for r in own:
            counts[r[2] - 1] += 1
        for i in range(pts.MAX_LENGTH):
            if counts[i]:
                game.apply(("routes", p, i + 1, counts[i]))
        built = sorted(set(r[4] for r in own if r[4] >= 0))
        borrowed, done, fined = _best_tickets(board, claims, p, own, built)
        held = claims.tickets[p]
        for i in range(len(held)):
            game.apply(("ticket", p, board.tickets[held[i]][2], done[i]))
        for t in fined:
            game.apply(("penalty", p, board.tourists[t][1]))
        length = longest_track(own)
        game.apply(("longest", p, length))
        group = groups(len(board.cities), own)
        we = False
        for w in west:
            for e in east:
                we = we or group[w] == group[e]
        if west_east:
            game.apply(("we", p, we))
        if stations:
            game.apply(("stations", p, pts.STATIONS - len(claims.stations[p])))
        details.append({
            "tickets": [(held[i], done[i]) for i in range(len(held))],
            "fined": fined,
            "longest": length,
            "we": we,
            "borrowed": borrowed,
            "trains": claims.trains(p),
        })
    return game, details


def _outcome(board, held, built, group):
    """(ticket points less penalties, done flags, fined tourist routes) when
    the player's network joins the cities as ``group`` says.  A tourist route
    costs its penalty unless the builder completed one of its tickets."""
    done = [group[board.tickets[t][0]] == group[board.tickets[t][1]] for t in held]
    score = 0
    for i in range(len(held)):
        value = board.tickets[held[i]][2]
        score += value if done[i] else -value
    fined = []
    for u in built:
        if not [i for i in range(len(held)) if done[i] and board.tickets[held[i]][3] == u]:
            fined.append(u)
            score -= board.tourists[u][1]
    return score, done, fined


def _best_tickets(board, claims, p, own, built):
    """Ticket outcome for player p: each station may use one route of another
    player into its city (Europe edition); every choice is tried and the best
    score kept, preferring fewer borrowed routes.  Returns (borrowed, done, fined)."""
    choices = []
    for c in claims.stations[p]:
        options = [-1]
        for r in range(len(board.routes)):
            route = board.routes[r]
            if c in (route[0], route[1]) and r not in claims.routes[p] and claims.builders(r):
                options.append(r)
        choices.append(options)
    pick = [0] * len(choices)
    best_score = 0
    best = ([], [], [])  # type: tuple[list[int], list[bool], list[int]]
    first = True
    while True:
        borrowed = [choices[i][pick[i]] for i in range(len(pick)) if pick[i]]
        edges = own + [board.routes[r] for r in borrowed]
        score, done, fined = _outcome(board, claims.tickets[p], built, groups(len(board.cities), edges))
        if first or score > best_score:
            best_score = score
            best = (borrowed, done, fined)
            first = False
        i = 0  # next choice, counting like an odometer
        while i < len(pick):
            pick[i] += 1
            if pick[i] < len(choices[i]):
                break
            pick[i] = 0
            i += 1
        if i == len(pick):
            return best
