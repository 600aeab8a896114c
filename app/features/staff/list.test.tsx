import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { ApiError } from "../../lib/api.ts";
import { StaffList, type ListColumn, type ListParams, type ListPage, type ListQuery } from "./list.tsx";

interface Row {
  id: number;
  name: string;
}

const params = (values: Record<string, string>): ListParams => ({ get: (k) => values[k] ?? "", set: () => {}, query: values });
const columns: ListColumn[] = [{ label: "Name", sort: "name" }, { label: "Code", sort: "code" }, { label: "Status" }, { label: "Actions", align: "right", hidden: true }];
const page = (items: Row[], total = items.length): ListPage<Row> => ({ items, page: 2, pageSize: 25, total });
const done = (data: ListPage<Row>): ListQuery<Row> => ({ isPending: false, isError: false, error: null, data });

function render(query: ListQuery<Row>, values: Record<string, string> = { sort: "name", dir: "asc" }) {
  return renderToStaticMarkup(
    <StaffList
      list={params(values)}
      query={query}
      what="customers"
      empty="No customers match."
      caption="Customers"
      columns={columns}
      row={(r) => (
        <tr key={r.id}>
          <td>{r.name}</td>
        </tr>
      )}
    />,
  );
}

describe("StaffList (the staff screens' one list)", () => {
  it("says what it loads, what failed (with the server's message) and that nothing matched", () => {
    const loading = render({ isPending: true, isError: false, error: null, data: undefined });
    expect(loading).toContain('role="status"');
    expect(loading).toContain("Loading customers…");
    const failed = render({ isPending: false, isError: true, error: new ApiError(500, "The database is not answering."), data: undefined });
    expect(failed).toContain('role="alert"');
    expect(failed).toContain("We could not load the customers");
    expect(failed).toContain("The database is not answering.");
    const empty = render(done(page([])));
    expect(empty).toContain("No customers match.");
    expect(empty).not.toContain("<table");
  });

  it("shows a named, keyboard-scrollable table whose sorted column says so, and pages", () => {
    const html = render(done(page([{ id: 1, name: "Bloom & Co" }], 60)), { sort: "code", dir: "desc" });
    expect(html).toContain('role="region" aria-label="Customers"');
    expect(html).toContain('tabindex="0"');
    expect(html).toContain('<caption class="sr-only">Customers</caption>');
    // Only the sorted column carries aria-sort, descending here; the others are buttons to sort by.
    expect(html.match(/aria-sort="[a-z]+"/g)).toEqual(['aria-sort="descending"']);
    expect(html).toMatch(/aria-sort="descending"[^>]*><button[^>]*>Code/);
    expect(html).toMatch(/<button[^>]*>Name/);
    expect(html).toContain('<th scope="col" class="px-3 py-2 text-left">Status</th>');
    expect(html).toContain('<th scope="col" class="px-3 py-2 text-right"><span class="sr-only">Actions</span></th>');
    expect(html).toContain("<td>Bloom &amp; Co</td>");
    expect(html).toContain("26–50 of 60");
    expect(html).toContain("Page 2 of 3");
  });
});
