// Webhooks on /Admin/Integrations (issue 28, "Webhooks"): built on its own branch (api-webhooks),
// which replaces this body. Until then the section shows its heading only.
export function WebhooksSection() {
  return (
    <section aria-labelledby="webhooks-heading" className="mt-10">
      <h2 id="webhooks-heading" className="text-2xl">
        Webhooks
      </h2>
    </section>
  );
}
