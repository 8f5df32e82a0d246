"""The conventions: the ways exam documents write their parts, each a small named object in a registry.

Pure data and text tests, importing nothing of the readers: numbering styles, option styles, markers of
keys and explanations, section headings and kind tags, and the ways keys are written (letters, 对/错 in many
languages, fill answers). The text reader (`bot.banks.layouts`) and the sheet reader (`bot.banks.sheets`)
read with them.
"""
