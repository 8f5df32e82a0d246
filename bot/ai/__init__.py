"""Optional model help where rules run out (docs/ai.md): case answers judged against a rubric,
explanations, and document passages the importer could not read.

Off unless STUDYBOT_AI_URL is set, and imported only then: a front end checks `settings.ai_enabled`
before importing anything from here. Every service falls back to the rules (returns None) on a timeout,
an error or an unusable answer. This file imports nothing on purpose.
"""
