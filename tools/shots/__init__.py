"""The README's screenshots, made by the simulator at the panels' real size: the console in large
text (console), Santiago's phases (santiago) and the guided first round (guide).
"""
