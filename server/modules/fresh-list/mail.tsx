// The fresh list mail (issue 29 §2): built with @react-email/components, which renders tables and
// inline styles that common mail clients read (Outlook, Gmail, Apple Mail), then to HTML with render.
import { Body, Container, Column, Head, Heading, Hr, Html, Preview, Row, Section, Text } from "@react-email/components";
import { render } from "@react-email/render";
import type { FreshLine, FreshList } from "./types.ts";

const green = "#2f5d3a";
const ink = "#1f2a24";
const muted = "#5b6660";

const cell = { fontSize: "14px", lineHeight: "20px", color: ink, margin: 0, padding: "6px 4px" } as const;

function LineRow({ line }: { line: FreshLine }) {
  return (
    <Row style={{ borderBottom: "1px solid #e3e8e4" }}>
      <Column style={{ width: "60%" }}>
        <Text style={{ ...cell, fontWeight: 600 }}>
          {line.description}
          {line.special ? " · Special" : ""}
        </Text>
        <Text style={{ ...cell, color: muted, fontSize: "12px", paddingTop: 0 }}>
          {line.category} · {line.stemsPerBunch} stems · {line.available.toLocaleString("en-US")} {line.available === 1 ? "bunch" : "bunches"} left
          {line.tiers ? ` · ${line.tiers}` : ""}
        </Text>
      </Column>
      <Column style={{ width: "40%", textAlign: "right" }}>
        <Text style={{ ...cell, fontWeight: 700 }}>{line.priceText}</Text>
        <Text style={{ ...cell, color: muted, fontSize: "12px", paddingTop: 0 }}>a bunch in a pail</Text>
      </Column>
    </Row>
  );
}

function Block({ title, lines, note }: { title: string; lines: FreshLine[]; note?: string }) {
  if (lines.length === 0) return null;
  return (
    <Section style={{ marginTop: "20px" }}>
      <Heading as="h2" style={{ fontSize: "18px", color: green, margin: "0 0 4px" }}>
        {title}
      </Heading>
      {note ? <Text style={{ ...cell, color: muted, padding: "0 0 6px" }}>{note}</Text> : null}
      {lines.map((l) => (
        <LineRow key={l.productId} line={l} />
      ))}
    </Section>
  );
}

export function FreshListMail({ list, firstName }: { list: FreshList; firstName: string }) {
  const newOnes = list.lines.filter((l) => l.newToday);
  const last = list.lines.filter((l) => l.lastChance);
  return (
    <Html lang="en">
      <Head />
      <Preview>{`Fresh list for ${list.shipDateText}: ${list.lines.length} products at your prices`}</Preview>
      <Body style={{ backgroundColor: "#f4f1ea", fontFamily: "Helvetica, Arial, sans-serif", margin: 0, padding: "16px 0" }}>
        <Container style={{ backgroundColor: "#ffffff", maxWidth: "640px", padding: "24px", borderRadius: "8px" }}>
          <Heading style={{ fontSize: "24px", color: green, margin: "0 0 8px" }}>Fresh list · {list.shipDateText}</Heading>
          <Text style={{ ...cell, padding: 0 }}>
            {firstName ? `Hello ${firstName}, here` : "Here"} is what {list.companyName} can order for {list.shipDateText}, at your prices.
            The CSV attached has every line.
          </Text>
          {list.lines.length === 0 ? <Text style={{ ...cell, padding: "12px 0" }}>Nothing is on offer for this date yet.</Text> : null}
          <Block title="New today" lines={newOnes} note="Added since your last fresh list." />
          <Block title="Last chance" lines={last} note="Final cuts and lines with little left." />
          <Block title="Everything available" lines={list.lines} />
          <Hr style={{ borderColor: "#e3e8e4", margin: "24px 0 12px" }} />
          <Text style={{ ...cell, color: muted, fontSize: "12px", padding: 0 }}>
            Availability as of {list.asOfText} (New York); it changes as others order. You get this list because you chose it on your dashboard;
            turn it off there.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function renderFreshListMail(list: FreshList, firstName: string): Promise<string> {
  return render(<FreshListMail list={list} firstName={firstName} />);
}
