"""axe-core in the browser tests: every rule axe runs by default, WCAG 2.2 AA and its
best practices, on the page as the browser shows it.

axe is vendored (``vendor/axe.min.js``, axe-core 4.14.1 from the npm registry, MPL-2.0,
its licence beside it), so a clean clone tests with no network. The site's
Content-Security-Policy refuses inline scripts, so ``page.add_script_tag(content=…)`` is
blocked; an init script is run by the browser itself, outside the page's policy, before
the page's own scripts, on every page the context opens.
"""

from pathlib import Path

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
AXE_VERSION = "4.14.1"

#: Everything axe checks by default except the experimental rules, as a new user runs it.
RUN_OPTIONS = {"resultTypes": ["violations"]}


def install(context) -> None:
    """axe in every page ``context`` opens from now on."""
    context.add_init_script(path=str(AXE))


def violations(page) -> list[dict]:
    """axe's violations on ``page`` as it stands: rule, impact, what it asks, the elements."""
    return page.evaluate(
        """async options => {
            const results = await axe.run(document, options);
            return results.violations.map(v => ({
                rule: v.id, impact: v.impact, help: v.help,
                targets: v.nodes.map(n => n.target.join(" ")).slice(0, 8),
                count: v.nodes.length,
            }));
        }""",
        RUN_OPTIONS,
    )


def describe(found: list[dict]) -> str:
    """One line a violation, naming its rule and the elements: the failure message."""
    return "\n".join(
        f"  {v['rule']} ({v['impact']}, {v['count']}×): {v['help']} — {', '.join(v['targets'])}"
        for v in found
    )
