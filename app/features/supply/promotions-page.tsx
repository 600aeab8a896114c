// /Supply/Promotions (issue 25 item 4; docs/domain-supply.md "Promotions"): specials and future
// specials of the offer lines, combo specials and blitz vouchers, and what one customer's dashboard
// shows with them. Staff only (domain/access.ts); the server checks every call and every rule itself.
import { StaffPage } from "../../components/ui/page.tsx";
import { CombosSection } from "./promotions-combos.tsx";
import { PreviewSection } from "./promotions-preview.tsx";
import { SpecialsSection } from "./promotions-specials.tsx";
import { VouchersSection } from "./promotions-vouchers.tsx";

export function PromotionsScreen() {
  return (
    <StaffPage title="Prices and promotions" intro="Specials, combo specials and blitz vouchers: what buyers see on their dashboard and in the store, and use at checkout.">
      <nav aria-label="On this page" className="mb-5 flex flex-wrap gap-2 text-sm">
        {[
          ["#specials", "Specials"],
          ["#combos", "Combo specials"],
          ["#vouchers", "Blitz vouchers"],
          ["#preview", "A customer's dashboard"],
        ].map(([href, label]) => (
          <a key={href} href={href} className="rounded-full border border-line bg-white px-3 py-1 no-underline hover:border-leaf">
            {label}
          </a>
        ))}
      </nav>
      <SpecialsSection />
      <CombosSection />
      <VouchersSection />
      <PreviewSection />
    </StaffPage>
  );
}
