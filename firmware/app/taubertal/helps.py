"""Der Taubertal-Express: the play screen's line of help for each phase (a long OK
shows it, app.help), %s the acting player; loaded only when help is asked for."""

HELP = {"tickets": "When %s has taken a ticket, press OK.",
        "tiles": "When %s has taken an action tile, press OK.",
        "hire": "OK: how many workers %s hires.",
        "round": "OK: what %s does now: build, sell, end the turn.",
        "payday": "Each player's wages: UP/DOWN or OK the next; OK on the last pays all.%s",
        "refill": "Refill the board as it says, then OK for the next pass.%s",
        "final": "Final scoring: OK on each player checks their buildings, then the Ranking.%s"}
