// The page sent when a render fails or times out: static, no data, nothing from the request.
export function serverErrorPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Something went wrong</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><h1>Something went wrong</h1><p>The page could not be shown. Please try again in a moment.</p><p><a href="/">Back to Home</a></p></body></html>`;
}
