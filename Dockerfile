# studybot in one image: the bot, the bundled banks, and a font that draws Chinese.
# The database lives in the volume at /app/data; see docs/deploy.md.
FROM python:3.12-slim-bookworm

# WenQuanYi Micro Hei: a small simplified-Chinese font for the /stats picture.
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-wqy-microhei=0.2.0-beta-3.1 \
    && rm -rf /var/lib/apt/lists/*

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PATH=/app/.venv/bin:$PATH \
    STUDYBOT_DB=/app/data/studybot.sqlite3 \
    STUDYBOT_BANKS=/app/banks

RUN groupadd --gid 10001 studybot && useradd --create-home --uid 10001 --gid 10001 studybot

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
# The README's install, word for word (tests/test_dockerfile.py keeps them equal).
RUN python3 -m venv .venv && . .venv/bin/activate && pip install -e .

# The bundled banks sit outside the volume, so mounting /app/data never hides them.
COPY data/banks ./banks
RUN mkdir -p /app/data && chown 10001:10001 /app/data

USER 10001:10001
# Build matplotlib's font cache now, and fail the build if no font draws Chinese.
RUN python -c "from bot.pictures import font_choice; assert font_choice().cjk, 'no CJK font'"

VOLUME ["/app/data"]
EXPOSE 8443
HEALTHCHECK --interval=60s --timeout=10s --start-period=30s --retries=3 CMD ["python", "-m", "bot.health"]
CMD ["studybot", "run"]
