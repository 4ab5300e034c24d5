package org.digitalheaven.ops.regress;

import java.io.StringWriter;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.digitalheaven.ops.demo.DemoView;
import org.digitalheaven.ops.demo.ReplayJson;
import tools.jackson.core.JsonGenerator;

/**
 * {@code regress --html DIR}: {@code index.html}, the run's table as a page, sortable by any column, each
 * diverged demo (every demo with {@code --html-all}) linking its {@code demo view} page. Self-contained.
 */
final class RegressReport {

    private RegressReport() {
    }

    /**
     * The page file for a demo's name: folders flattened, so every page is in DIR, and every character but
     * {@code [A-Za-z0-9._-]} made '_'. Two names can flatten alike ("a b" and "a_b", or "A" and "a" on a disk that
     * ignores case), so {@code taken} holds the pages already given, lower-cased, with index.html among them: a name
     * whose page is taken gets "-2", "-3", ... before ".html". Rows come in a fixed order, so a run names its pages the
     * same each time.
     */
    static String pageName(String demoName, Set<String> taken) {
        String base = demoName.replaceAll("[^A-Za-z0-9._-]", "_");
        String page = base + ".html";
        for (int n = 2; !taken.add(page.toLowerCase(Locale.ROOT)); n++) {
            page = base + "-" + n + ".html";
        }
        return page;
    }

    /** The pages {@link #pageName} must not give: the index. */
    static Set<String> reserved() {
        return new HashSet<>(Set.of("index.html"));
    }

    static String index(List<RegressCommand.Row> rows, List<String> pages, String summary) {
        StringBuilder b = new StringBuilder("""
                <!DOCTYPE html>
                <html lang="en"><head><meta charset="utf-8"><title>dh-host regress</title>
                <style>
                body { font: 13px/1.4 system-ui, sans-serif; margin: 16px; background: #15181c; color: #d8dde3; }
                table { border-collapse: collapse; width: 100%; }
                th, td { padding: 4px 8px; border-bottom: 1px solid #2c333c; text-align: left; vertical-align: top; }
                th { cursor: pointer; background: #1f242a; user-select: none; }
                td.DIVERGED { color: #ff6e6e; font-weight: bold; } td.ERROR { color: #ffb74d; font-weight: bold; } td.OK { color: #81c784; } td.SKIPPED { color: #9e9e9e; }
                a { color: #4fc3f7; } .small { font-family: ui-monospace, monospace; font-size: 12px; }
                </style></head><body>
                <h1>dh-host regress</h1>
                <p id="summary"></p>
                <table id="t"><thead><tr><th>demo</th><th>map</th><th>ticks</th><th>checks</th><th>result</th><th>first divergence</th></tr></thead><tbody>
                """);
        for (int i = 0; i < rows.size(); i++) {
            RegressCommand.Row r = rows.get(i);
            String page = pages.get(i);
            b.append("<tr><td>").append(page == null ? html(r.name()) : "<a href=\"" + html(page) + "\">" + html(r.name()) + "</a>")
                    .append("</td><td>").append(html(r.map())).append("</td><td>").append(r.ticks()).append("</td><td>")
                    .append(r.checkpoints()).append("</td><td class=\"").append(r.result().startsWith("OK") ? "OK" : html(r.result()))
                    .append("\">").append(html(r.result())).append("</td><td class=\"small\">").append(html(r.detail()));
            if (r.cause() != null) {
                b.append("<br>").append(html(r.cause()));
            }
            b.append("</td></tr>\n");
        }
        b.append(String.format(Locale.ROOT, """
                </tbody></table>
                <script>
                document.getElementById("summary").textContent = %s;
                document.querySelectorAll("#t th").forEach((th, col) => th.addEventListener("click", () => {
                  const body = document.querySelector("#t tbody"), rows = [...body.rows];
                  const dir = th.dataset.dir === "asc" ? -1 : 1; th.dataset.dir = dir > 0 ? "asc" : "desc";
                  const key = r => r.cells[col].textContent, num = s => /^\\d+$/.test(s);
                  rows.sort((a, b) => { const x = key(a), y = key(b); return dir * (num(x) && num(y) ? x - y : x.localeCompare(y)); });
                  rows.forEach(r => body.appendChild(r));
                }));
                window.dhReady = true;
                </script></body></html>
                """, DemoView.scriptSafe(jsString(summary))));
        return b.toString();
    }

    static String html(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String jsString(String s) {
        StringWriter w = new StringWriter();
        try (JsonGenerator g = ReplayJson.open(w)) {
            g.writeString(s);
        }
        return w.toString();
    }
}
