"""meeple: a pocket board-game console (Cacao, Santiago) for the Raspberry Pi Pico."""
