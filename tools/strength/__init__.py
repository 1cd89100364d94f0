"""How strong the bots are: tournaments between bots, fixed strategies and references with seats
rotated and 95 % intervals (selfplay; `--variant` plays an edited copy of a bot against the
real one), where a Santiago seat's points came from (ledger), two games logs compared game by
game on the same deals (paired), and the yardstick it measures them against, a determinized
Monte-Carlo player independent of meeple.ai (yardstick). docs/opponents.md and
docs/strength.md hold the figures and the commands.
"""
