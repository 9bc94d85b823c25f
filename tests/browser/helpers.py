"""What the browser tests share: a phone's page, logging in, screenshots, the "never scrolls
sideways" check, and a plain GET of the deployed server (``fetch``)."""
import http.client
import os
from dataclasses import dataclass

from django.core.wsgi import get_wsgi_application
from pytest_django.live_server_helper import LiveServer

PASSWORD = "pw-secret-1"   # tests.web.conftest.make_user's

#: The Content-Security-Policy violations the pages of the current test reported (conftest checks it is empty).
CSP_VIOLATIONS: list[str] = []

# Added by Playwright before any script of the page, so the policy does not apply to it: each
# violation is written to the console, where watch_csp collects it.
_REPORT_VIOLATIONS = """document.addEventListener("securitypolicyviolation", (e) => console.error(
    `csp-violation ${e.violatedDirective} blocked=${e.blockedURI} at ${e.sourceFile}:${e.lineNumber} `
    + `sample=${e.sample}`));"""


def wait_until(page, expression: str, timeout: float = 15_000) -> None:
    """Wait until ``expression`` is true in the page. Playwright's own ``wait_for_function`` evaluates
    its expression with ``eval`` inside the page, which the Content-Security-Policy refuses;
    ``page.evaluate`` is not subject to it."""
    waited = 0
    while not page.evaluate(expression):
        if waited >= timeout:
            raise AssertionError(f"still false after {timeout / 1000:g} s: {expression}")
        page.wait_for_timeout(100)
        waited += 100


#: True once a loaded page has made the requests it makes by itself: htmx's "load" requests have been
#: answered and swapped in (htmx marks an element .htmx-request until then), and a table page, which
#: registers the service worker, is controlled by it (the worker claims the page once it is active).
SETTLED = """!document.querySelector('.htmx-request') && (!document.getElementById('table-sync-data')
    || !('serviceWorker' in navigator) || navigator.serviceWorker.controller !== null)"""


def settled(page, timeout: float = 15_000) -> None:
    """Wait until the loaded page has made the requests it makes by itself (``SETTLED``)."""
    page.wait_for_load_state("load")
    wait_until(page, SETTLED, timeout)


def watch_csp(context):
    """``context`` with every page's Content-Security-Policy violations collected in CSP_VIOLATIONS:
    the page's securitypolicyviolation events and the browser's own "Refused to …" console errors."""
    context.add_init_script(_REPORT_VIOLATIONS)

    def on_console(message):
        text = message.text
        if "csp-violation" in text or "Content Security Policy" in text:
            CSP_VIOLATIONS.append(f"{message.page.url if message.page else '?'}: {text}")

    context.on("console", on_console)
    return context


def shot(page, name: str, full: bool = False) -> None:
    """``SHOTS=/some/dir`` keeps a screenshot of the step there, to look at."""
    folder = os.environ.get("SHOTS")
    if folder:
        os.makedirs(folder, exist_ok=True)
        page.screenshot(path=os.path.join(folder, f"{name}.png"), full_page=full)


def phone_context(browser, width: int = 390, height: int = 844, *, locale: str = "da-DK", is_mobile: bool = True,
                  **options):
    """A new browser context of a ``width``×``height`` touch screen and its page: (context, page)."""
    context = browser.new_context(viewport={"width": width, "height": height}, locale=locale, has_touch=True,
                                  is_mobile=is_mobile, **options)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return context, page


def login(page, live_server, url: str, username: str) -> None:
    """Open ``url``, log in as ``username`` on the login page it leads to, and land on ``url``."""
    page.goto(f"{live_server.url}{url}")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    with page.expect_navigation():
        page.click("#login-submit")
    if not page.url.endswith(url):
        page.goto(f"{live_server.url}{url}")


def open_page(browser, live_server, url: str, username: str, width: int = 390, height: int = 844, **options):
    """``url`` on a new screen (``phone_context``), logged in as ``username``: (context, page)."""
    context, page = phone_context(browser, width, height, **options)
    login(page, live_server, url, username)
    return context, page


def no_sideways_scroll(page) -> None:
    # measured once the page's stylesheet applies: a layout read before it has loaded (a busy
    # machine, a navigation just made) is the unstyled page's, always too wide
    page.wait_for_load_state("load")
    widths = page.evaluate("""() => ({
        page: document.scrollingElement.scrollWidth, inner: innerWidth,
        boxes: [...document.querySelectorAll('.scroll')].filter(e => e.offsetParent !== null)
                 .map(e => [e.className, e.scrollWidth, e.clientWidth])})""")
    # a phone widens its layout viewport to fit a page that is too wide: innerWidth must stay the screen's
    assert widths["inner"] == page.viewport_size["width"], widths
    assert widths["page"] <= widths["inner"], widths
    for name, scroll_width, client_width in widths["boxes"]:
        assert scroll_width <= client_width, (name, scroll_width, client_width, widths)


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")


def fetch(server, path: str, cookies: dict | None = None, headers: dict | None = None) -> Answer:
    """GET ``path`` from ``server`` as it answers (a redirect is not followed)."""
    connection = http.client.HTTPConnection("localhost", server.thread.port, timeout=30)
    headers = {**({"Cookie": "; ".join(f"{k}={v}" for k, v in cookies.items())} if cookies else {}), **(headers or {})}
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        return Answer(response.status, response.headers, response.read())
    finally:
        connection.close()


class DeployedLiveServer(LiveServer):
    """pytest-django's live server (the test database shared with its thread, the host allowed)
    serving the WSGI application as gunicorn does; ``paths`` is every path it was asked for, in order."""

    def __init__(self, addr: str):
        super().__init__(addr, start=False)
        self.paths: list[str] = []
        # the thread wraps its static handler around Django's handler and a media handler; both are
        # left out: production serves no media, and WhiteNoise (in the middleware) answers /static/
        self.thread.static_handler = self._application
        self.start()

    def _application(self, _media_files_handler):
        application = get_wsgi_application()

        def recorded(environ, start_response):
            self.paths.append(environ.get("PATH_INFO", ""))
            return application(environ, start_response)
        return recorded
