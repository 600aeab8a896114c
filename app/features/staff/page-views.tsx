import { useQuery } from "@tanstack/react-query";
import { PageViewReport } from "../../../contract/analytics.ts";
import { PAGE_VIEW_DAYS } from "../../../domain/page-views.ts";
import { api } from "../../lib/api.ts";
import { shortDate } from "../../lib/format.ts";
import { StaffPage } from "../../components/ui/page.tsx";
import { Empty, Failed, Loading } from "../../components/ui/status.tsx";
import { TableFrame, TableHead } from "../../components/ui/table.tsx";

const ROLE_ORDER = ["Administrator", "SalesPerson", "wholesaler", "Retailer", "MassMarket", "anonymous", "other"];
const n = (v: number) => v.toLocaleString("en-US");

/** Page views over the last 30 days (issue 13, SPEC §7): per page with the roles behind them, and per product. */
export function PageViewsScreen() {
  const query = useQuery({
    queryKey: ["analytics", "pageViews", PAGE_VIEW_DAYS],
    queryFn: () => api.get("/api/Analytics/PageViews", { days: PAGE_VIEW_DAYS }, PageViewReport),
  });
  return (
    <StaffPage
      title="Page views"
      intro={`Visits per page and per product over the last ${PAGE_VIEW_DAYS} days, counted by role. Nothing personal is kept: no names, accounts or addresses.`}
    >
      {query.isPending ? (
        <Loading what="page views" />
      ) : query.isError ? (
        <Failed error={query.error} what="page views" />
      ) : (
        <PageViewTables report={query.data} />
      )}
    </StaffPage>
  );
}

function PageViewTables({ report }: { report: PageViewReport }) {
  const roles = ROLE_ORDER.filter((r) => report.pages.some((p) => p.byRole[r]));
  return (
    <>
      <p className="mb-3 text-sm text-sage" role="status">
        {shortDate(report.from)} to {shortDate(report.to)}: <strong className="text-ink tabular">{n(report.total)}</strong> page views.
      </p>
      <h2 className="mb-2 text-xl">Per page</h2>
      {report.pages.length === 0 ? (
        <Empty>No page views yet.</Empty>
      ) : (
        <TableFrame caption="Page views per page, most viewed first">
          <TableHead columns={["Page", { label: "Views", right: true }, ...roles.map((r) => ({ label: r, right: true }))]} />
          <tbody>
            {report.pages.map((p) => (
              <tr key={p.path} className="border-b border-line last:border-0">
                <th scope="row" className="px-3 py-2 text-left font-mono text-xs font-normal break-all">
                  {p.path}
                </th>
                <td className="px-3 py-2 text-right font-semibold tabular">{n(p.views)}</td>
                {roles.map((r) => (
                  <td key={r} className="px-3 py-2 text-right tabular">
                    {p.byRole[r] ? n(p.byRole[r]) : "–"}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
      <h2 className="mt-6 mb-2 text-xl">Per product</h2>
      <p className="mb-2 text-sm text-sage">Products opened in the store (the product window), most viewed first.</p>
      {report.products.length === 0 ? (
        <Empty>No product has been opened yet.</Empty>
      ) : (
        <TableFrame caption="Product views, most viewed first">
          <TableHead columns={["Product", "Code", { label: "Views", right: true }]} />
          <tbody>
            {report.products.map((p) => (
              <tr key={p.productId} className="border-b border-line last:border-0">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {p.description}
                </th>
                <td className="px-3 py-2 font-mono text-xs">{p.productId}</td>
                <td className="px-3 py-2 text-right font-semibold tabular">{n(p.views)}</td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </>
  );
}
