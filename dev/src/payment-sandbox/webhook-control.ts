/**
 * For tests that need a lost webhook (the shop's reconciliation): pauses or resumes the sandbox's
 * deliveries over HTTP (POST /sandbox/webhooks, a sandbox-only control). While paused, events are
 * recorded and listed by GET /v1/events but never delivered, not even after resuming.
 */
export async function setSandboxWebhookDelivery(
  sandboxUrl: string,
  secretKey: string,
  deliver: boolean,
): Promise<void> {
  const response = await fetch(new URL("/sandbox/webhooks", sandboxUrl), {
    method: "POST",
    headers: { Authorization: `Bearer ${secretKey}`, "Content-Type": "application/json" },
    body: JSON.stringify({ deliver }),
  });
  if (!response.ok)
    throw new Error(
      `could not ${deliver ? "resume" : "pause"} the sandbox's webhooks: HTTP ${response.status} ${await response.text()}`,
    );
}

export function pauseSandboxWebhooks(sandboxUrl: string, secretKey: string): Promise<void> {
  return setSandboxWebhookDelivery(sandboxUrl, secretKey, false);
}

export function resumeSandboxWebhooks(sandboxUrl: string, secretKey: string): Promise<void> {
  return setSandboxWebhookDelivery(sandboxUrl, secretKey, true);
}

/** Resolves once every webhook the sandbox raised so far has been delivered and answered (or given up on). */
export async function sandboxWebhooksSettled(sandboxUrl: string, secretKey: string): Promise<void> {
  const response = await fetch(new URL("/sandbox/webhooks/settled", sandboxUrl), {
    headers: { Authorization: `Bearer ${secretKey}` },
  });
  if (!response.ok)
    throw new Error(`could not wait for the sandbox's webhooks: HTTP ${response.status} ${await response.text()}`);
}
