import { QueryClientProvider } from "@tanstack/react-query";
import { useContext, useEffect, useState, type ReactNode } from "react";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteError, type LoaderFunctionArgs } from "react-router";
import type { AppLoadContext } from "../server/context.ts";
import "./app.css";
import { AlertProvider } from "./components/ui/alert.tsx";
import { ToastProvider } from "./components/ui/toast.tsx";
import { ErrorScreen } from "./components/layout/error-screen.tsx";
import { makeQueryClient } from "./lib/query-client.ts";
import { installChunkReloadGuard } from "./lib/chunk-reload.ts";
import { useNonce } from "./lib/nonce.tsx";
import { usePageViews } from "./lib/page-views.ts";
import { isStaticPage, StaticHeadContext } from "./lib/static-page.ts";
import type { RootData } from "./lib/session.ts";

export async function loader({ context }: LoaderFunctionArgs): Promise<RootData> {
  const ctx = context as unknown as AppLoadContext;
  return { session: await ctx.services.session(), site: ctx.site };
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // A static public page is sent without the app's scripts (app/lib/static-page.ts). Only the server
  // leaves them out: in the browser the app is already running and keeps its scripts.
  const scripts = !isStaticPage(useMatches()) || typeof document !== "undefined";
  const staticHead = useContext(StaticHeadContext);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {staticHead?.preloads.map((link, i) => <link key={i} {...link} />)}
        <meta name="theme-color" content="#1e5a3c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        {staticHead ? (
          <>
            {staticHead.styles.map((css, i) => (
              <style key={i} dangerouslySetInnerHTML={{ __html: css }} />
            ))}
            {staticHead.links.map((link, i) => (
              <link key={i} {...link} />
            ))}
          </>
        ) : (
          <Links />
        )}
      </head>
      <body className="paper-texture">
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-4 focus:py-2">
          Skip to content
        </a>
        {children}
        {scripts && <ScrollRestoration nonce={nonce} />}
        {scripts && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  useEffect(installChunkReloadGuard, []);
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AlertProvider>{children}</AlertProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}

function PageViews() {
  usePageViews();
  return null;
}

export default function App() {
  return (
    <Providers>
      <PageViews />
      <Outlet />
    </Providers>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return (
    <Providers>
      <main id="main">
        <ErrorScreen error={error} />
      </main>
    </Providers>
  );
}
