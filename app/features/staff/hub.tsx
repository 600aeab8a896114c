import { hasAnyRole } from "../../../domain/access.ts";
import { useSessionUser } from "../../lib/session.ts";
import { StaffPage, Tiles, type Tile } from "../../components/ui/page.tsx";

const TILES: (Tile & { roles: string[] })[] = [
  { to: "/Supply", title: "Supply", text: "Products, availability per ship date, prices and tiers, and the fresh-list upload.", roles: ["Administrator", "SalesPerson"] },
  { to: "/Administration/Orders", title: "Order desk", text: "Orders by ship date: confirm or decline pending bunches, pack, ship and invoice.", roles: ["Administrator", "SalesPerson"] },
  { to: "/OrderDesk/Claims", title: "Claims", text: "Damaged, short or wrong flowers reported by buyers, with photos: credit or decline.", roles: ["Administrator", "SalesPerson"] },
  { to: "/OrderDesk/PickList", title: "Pick list", text: "What to cut and pack for a ship date, with packing slips, as PDF or CSV.", roles: ["Administrator", "SalesPerson"] },
  { to: "/Administration/Users", title: "Users", text: "Invite, edit, activate and deactivate customer users; act for one of them.", roles: ["Administrator", "SalesPerson", "wholesaler"] },
  { to: "/Administration/Retailers", title: "Retailers", text: "The shops buying through a wholesaler: contact, pickup days, users.", roles: ["Administrator", "SalesPerson", "wholesaler"] },
  { to: "/Administration/Retailers/Import", title: "Import retailers", text: "Upload a CSV file, check every row, then import it in one go.", roles: ["Administrator", "SalesPerson", "wholesaler"] },
  { to: "/Admin/Wholesalers", title: "Wholesalers", text: "Customer records, ship times and cut-offs, logos and referral pages.", roles: ["Administrator", "SalesPerson"] },
  { to: "/Admin/Users", title: "Staff accounts", text: "Administrators and sales people.", roles: ["Administrator", "SalesPerson"] },
  { to: "/Administration/AuditLog", title: "Audit log", text: "Who acted for whom, and what was done meanwhile.", roles: ["Administrator", "SalesPerson"] },
  { to: "/Administration/PageViews", title: "Page views", text: "Visits per page and per product over the last 30 days.", roles: ["Administrator", "SalesPerson"] },
  { to: "/MM/Customer", title: "Mass-market customers", text: "The mass-market accounts and their bouquet store.", roles: ["Administrator", "SalesPerson"] },
  { to: "/MM/Users", title: "Mass-market users", text: "Users of the mass-market store.", roles: ["Administrator"] },
  { to: "/Admin/Integrations", title: "Integrations", text: "API tokens for the ERP, accounting and marketplaces, and webhooks.", roles: ["Administrator"] },
  { to: "/Account", title: "Your account", text: "Your name, your password and your other sessions.", roles: ["Administrator", "SalesPerson"] },
];

/** /Administration: what the signed-in role may do here. */
export function AdministrationHub() {
  const user = useSessionUser();
  const tiles = TILES.filter((t) => hasAnyRole(user?.roles, t.roles));
  return (
    <StaffPage title="Administration" intro="Choose what you want to look after.">
      <Tiles tiles={tiles} />
    </StaffPage>
  );
}
