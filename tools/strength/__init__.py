"""How strong the bots are: tournaments between bots, fixed strategies and references with seats
rotated and 95 % intervals (selfplay), and the yardstick it measures them against, a
determinized Monte-Carlo player independent of meeple.ai (yardstick). docs/opponents.md and
docs/strength.md hold the figures and the commands.
"""
