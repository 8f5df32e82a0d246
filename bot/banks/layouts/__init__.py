"""The text reader: a document's lines into drafts, by the conventions it recognises (`bot.banks.conventions`).

classify     what each line could be
apart        keys written apart from their questions (a key block, an answer part at the end)
starts       which numbered lines start questions, for the whole document at once
reader       the lines between two starts as one question: stem, options, key, explanation
stem_keys    keys written inside a stem, options marked right by their formatting
answer_part  keys written apart matched to questions by heading, number and order
subquestions a case asked in parts, one question per part
gift         Moodle's GIFT, read by its grammar instead
"""
