#!/bin/sh
# Optional: native Tesseract 5 with the languages the engine reads, from Debian's packages. Without it the
# service uses tesseract.js and the npm language packages (no Russian, slower on noisy scans); see
# docs/ocr-engines.md. Run as root (or with sudo) on Debian/Ubuntu: npm run setup:ocr
set -eu
apt-get install -y --no-install-recommends tesseract-ocr \
  tesseract-ocr-eng tesseract-ocr-est tesseract-ocr-deu tesseract-ocr-fin tesseract-ocr-lav tesseract-ocr-lit \
  tesseract-ocr-rus tesseract-ocr-fra tesseract-ocr-swe tesseract-ocr-pol tesseract-ocr-spa
tesseract --version | head -1
