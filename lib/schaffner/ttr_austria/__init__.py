"""Ticket to Ride, Austria map variant: final scoring.

Modules, each imported only where needed:
  points   the variant's numbers, the tourist-route rule, the ranking
  game     Game: the score sheet for numbers entered by hand (the gadget)
  network  connectivity and the longest continuous track of a player's routes
  board    Board: a map as data (cities, routes, tourist routes, tickets)
  claims   Claims: who built which routes, holds which tickets, placed stations
  final    score_board(): the whole scoring computed from a board and claims
"""
