// The image's HEALTHCHECK: healthy when the URL answers 2xx within 4 s. Default: the API's /readyz
// on PORT (the store answers and an OCR engine is there). A worker has no HTTP API; compose.yaml
// points its check at the worker's metrics listener (LEDGERLENS_METRICS_PORT) instead.
const url = process.argv[2] ?? `http://127.0.0.1:${process.env.PORT || 8080}/readyz`;
try {
  const response = await fetch(url, { signal: AbortSignal.timeout(4000) });
  if (!response.ok) {
    console.error(`${url}: ${response.status} ${(await response.text()).slice(0, 500)}`);
    process.exit(1);
  }
} catch (error) {
  console.error(`${url}: ${error.message}`);
  process.exit(1);
}
