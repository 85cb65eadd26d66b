const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!)

/** The small page a browser lands on after the bank's consent page. No script, nothing from the query echoed. */
export function callbackPage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escape(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem">
<h1 id="title">${escape(title)}</h1>
<p id="message">${escape(message)}</p>
<p>You can close this page and go back to the store admin.</p>
</body></html>`
}
