"""Der Taubertal-Express: the play screen's line of help for each phase (a long OK
shows it above the turn menu, app.help: four rows at most), %s the acting player;
loaded only when help is asked for."""

HELP = {"tickets": "When %s has taken a ticket, press OK.",
        "tiles": "When %s has taken a tile, press OK.",
        "hire": "OK: how many workers %s hires.",
        "round": "OK: what %s does: build, sell, end turn.",
        "payday": "Each one's wages: OK the next; the last pays all.",
        "refill": "Refill the board as it says, then OK: next pass.",
        "final": "OK on each player to check them, then Ranking."}
