"""Question banks: the model, the importer of exam documents, export and lint (pure; no I/O beyond files)."""

from bot.banks.model import CHOICE_KINDS, Bank, Kind, Question, Section, bank_json, load_bank, load_banks, save_bank

__all__ = ["CHOICE_KINDS", "Bank", "Kind", "Question", "Section", "bank_json", "load_bank", "load_banks", "save_bank"]
