"""Files on flash: the console's files (store: settings, statistics, the auto-saved game), save
files (savefile: checked, written so a power cut leaves the old or the new), which slot holds the
game (slots), the moves of the game in progress (journal), game records (record), where a
take-back rewinds to (takeback) and the checks of every value read back (checks). Plain `os`
calls: the same code runs on the device's littlefs and on a PC's folder.
"""
