import type { ReactNode } from "react";
import { Link } from "react-router";

interface Question {
  id: string;
  q: string;
  a: ReactNode;
}

const SECTIONS: { title: string; id: string; questions: Question[] }[] = [
  {
    title: "Dates",
    id: "dates",
    questions: [
      {
        id: "ship-date",
        q: "Why do I choose a date before I see any flowers?",
        a: (
          <p>
            What we cut, how much of it, and at what price changes from one ship date to the next. The store shows the offer for the date you choose, so the stock and prices
            you see are the ones that ship with your order.
          </p>
        ),
      },
      {
        id: "cut-off",
        q: "Which ship dates can I choose, and what is the cut-off?",
        a: (
          <p>
            You can choose the weekdays your account ships on. Each date has an order cut-off, shown under the date with its day and New York time (“order by Tue, 2:00 PM EST”); a pickup date shows the cut-off of the ship date that serves it. Same-day shipping
            is possible until the cut-off; after it, that date closes and disappears from the list.
          </p>
        ),
      },
      {
        id: "pickup",
        q: "I am a retailer. Why do I pick a pickup date instead of a ship date?",
        a: (
          <p>
            Your flowers reach you through your wholesaler. You choose the day you collect them (one of your pickup days, no earlier than the earliest date shown), and we
            work out the day your wholesaler ships them so they arrive fresh. The store shows both dates.
          </p>
        ),
      },
      {
        id: "change-date",
        q: "What happens to my cart if I change the date?",
        a: (
          <p>
            Everything the new date offers moves with your cart: it is priced from that day&rsquo;s offer and held again from that day&rsquo;s stock (what is not available becomes a
            pending request). If some flowers cannot be ordered for the new date, we name them and ask whether to remove them and change the date. Choose <strong>No</strong> to
            keep your cart and your old date.
          </p>
        ),
      },
    ],
  },
  {
    title: "Pails and bunches",
    id: "pails",
    questions: [
      {
        id: "pail",
        q: "What is the difference between ordering by the pail and by the bunch?",
        a: (
          <p>
            We sell in bunches. A pail is a bucket of several bunches of one product (the store shows how many, e.g. “5 bunches / pail”). Bunches in whole pails are priced at
            the pail price; any bunches beyond whole pails are loose bunches and cost a little more, because they are packed by hand. Enter pails, bunches or both: 2 pails
            and 3 bunches of a 5-bunch pail is 13 bunches.
          </p>
        ),
      },
      {
        id: "tiers",
        q: "How do quantity prices work?",
        a: (
          <p>
            Some flowers are cheaper by the bunch when you buy more, for example “15+: $16.20”. The tier is chosen on the whole quantity of the line; then pail bunches and
            loose bunches are priced at that tier’s two prices. Specials have their own lower price, shown in pink with the usual price struck through.
          </p>
        ),
      },
      {
        id: "limits",
        q: "Why does it say “You can only order up to the quantity remaining today”?",
        a: (
          <p>
            Flowers marked <strong>Limited stock</strong> are final: we cannot grow or buy in more for that date, so you can order only what remains. For other flowers you can
            ask for more than is available; the extra becomes a pending request.
          </p>
        ),
      },
    ],
  },
  {
    title: "Holds and pending lines",
    id: "holds",
    questions: [
      {
        id: "hold",
        q: "What does “Cart Hold Expires 29:41” mean?",
        a: (
          <>
            <p>
              When you add flowers that are in stock, we hold them for you, so nobody else can buy them while you finish your order. The hold lasts a while after your last
              change, and the countdown beside your cart shows how long is left. A minute before the end we remind you, and in the last minute it reads “Product Hold Expires”.
            </p>
            <p className="mt-2">
              When it reaches zero it reads “Product Hold Expired”: the held stock goes back on sale for everyone. Your lines stay in the cart; add or change something, or
              place the order, and we hold again whatever is still available.
            </p>
          </>
        ),
      },
      {
        id: "pending",
        q: "What is a pending line?",
        a: (
          <p>
            A line, or part of one, that we could not hold from today’s stock. It is a request: we confirm it before the ship date if we can, and your order shows what was
            confirmed. “8 held · 2 pending” means 8 bunches are held for you and 2 are requested.
          </p>
        ),
      },
      {
        id: "availability",
        q: "What do the availability labels mean?",
        a: (
          <ul className="list-disc pl-5">
            <li>
              <strong>“120 available”</strong>: stock we have confirmed for this date; what you add is held.
            </li>
            <li>
              <strong>Pending</strong>: nothing is free right now, but you can still ask; your bunches become a pending request.
            </li>
            <li>
              <strong>Availability Pending</strong>: we have not published a count for this date yet.
            </li>
            <li>
              <strong>Sold out Today</strong> and <strong>Not Available</strong>: cannot be ordered for this date; the next available date is shown when we know it.
            </li>
          </ul>
        ),
      },
    ],
  },
  {
    title: "Checking out",
    id: "checkout",
    questions: [
      {
        id: "boxed",
        q: "What does “Pack in boxes” do?",
        a: (
          <p>
            Boxed orders are packed in shipping boxes; otherwise they travel in our pails. Some accounts always ship boxed: for them the switch is on and cannot be changed.
          </p>
        ),
      },
      {
        id: "place",
        q: "When is my order placed?",
        a: (
          <p>
            Only when you press <strong>Place order</strong> at checkout. The cart on its own is not an order, which is why we remind you to check out when you leave the store
            with flowers in your cart. If the connection drops while you place an order, press it again: we never place the same order twice.
          </p>
        ),
      },
      {
        id: "history",
        q: "Where do I see my orders?",
        a: (
          <p>
            Under <Link to="/Orders">Orders</Link>: each order’s lines, prices, what was confirmed and what is pending, and its status (submitted, confirmed, shipped,
            invoiced). From an order you can also see everything you have shipping on the same day.
          </p>
        ),
      },
    ],
  },
];

/** Store help for buyers (/StoreFaq). */
export function StoreFaq() {
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-8 md:px-6 lg:grid-cols-[220px_minmax(0,1fr)]">
      <nav aria-label="Help topics" className="lg:sticky lg:top-20 lg:self-start">
        <p className="mb-2 text-sm font-semibold text-sage">Topics</p>
        <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
          {SECTIONS.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`} className="rounded-full border border-line bg-white px-3 py-1 text-sm no-underline hover:border-leaf lg:block lg:rounded-lg">
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <h1 className="text-4xl">Store help</h1>
        <p className="prose-flower mt-3 text-lg text-sage">
          How ordering works: dates and cut-offs, pails and bunches, holds, pending lines and checkout. Something not answered here? Call your sales representative; we are in
          the greenhouse from 6 in the morning.
        </p>
        {SECTIONS.map((s) => (
          <section key={s.id} aria-labelledby={s.id} className="mt-8">
            <h2 id={s.id} className="scroll-mt-24 text-2xl">
              {s.title}
            </h2>
            <div className="mt-3 divide-y divide-line rounded-xl border border-line bg-white">
              {s.questions.map((q) => (
                <details key={q.id} id={q.id} className="group px-4 py-1">
                  <summary className="flex cursor-pointer list-none items-center justify-between gap-3 py-2.5 font-semibold">
                    {q.q}
                    <span aria-hidden="true" className="inline-block text-xl text-leaf transition-transform group-open:rotate-45">
                      +
                    </span>
                  </summary>
                  <div className="prose-flower pb-3 text-ink">{q.a}</div>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
