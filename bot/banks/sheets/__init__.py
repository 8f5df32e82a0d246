"""The table reader: a sheet's rows (a workbook, a CSV, a Word or Markdown table) into drafts.

table        one question per row under a header row naming the columns; `Row` and `Table` themselves
layouts      which layout a sheet follows, and reading it by that layout
vertical, answer_rows, cards, typed_rows, records   the other layouts
content      columns by what they hold, where the header is unknown (values: what one cell holds)
template     the question sheet export writes (read back by `table`)
"""
