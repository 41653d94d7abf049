"""The web page (make web): build.py builds build/web/ and serves it; the page's files
(index.html, page.js, backup.js, style.css, the manifest and icon, sw.js) and web_device.py,
the page's glue inside the MicroPython runtime."""
