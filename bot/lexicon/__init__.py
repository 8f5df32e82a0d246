"""What bank tools and grading both know of words, at the bottom of the layers (imports nothing of bot):
the form texts are compared in (`normalize`), the other names of one concept (`names`), chemical formulas
(`formulas`). The importer's lint and the grader's concept index read a bank's name pairs with the same
rules, so neither package imports the other for them."""
