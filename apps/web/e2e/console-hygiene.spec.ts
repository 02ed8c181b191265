/**
 * Keeping the queue clean, in the console: a role change reaches the agent's open console without
 * a reload (admin links appear and go), the online/away toggle reaches the server (at every
 * width, a phone's too), and an admin sets the routing settings every agent then reads.
 */
import {
  api,
  consoleUi,
  expect,
  expectNoAxeViolations,
  newAgent,
  NodeVisitor,
  openConsole,
  test,
} from "./support/console";

test("an agent made admin sees the admin links at once, and loses them when demoted", async ({
  clients,
  admin,
}) => {
  const agent = await newAgent(admin, "Rosa Marquez");
  const client = await clients.open(agent.cookie);
  await openConsole(client.page);
  const agents = consoleUi(client.page).nav.getByRole("link", { name: "Agents" });
  await expect(agents).toHaveCount(0);
  const promote = await api(`/api/agent/agents/${agent.id}`, {
    method: "PATCH",
    body: { role: "admin" },
    cookie: admin,
  });
  expect(promote.status).toBe(200);
  await expect(agents).toBeVisible();
  await api(`/api/agent/agents/${agent.id}`, {
    method: "PATCH",
    body: { role: "agent" },
    cookie: admin,
  });
  await expect(agents).toHaveCount(0);
});

test("the status toggle sets online or away for the whole team to see", async ({
  clients,
  admin,
}) => {
  const agent = await newAgent(admin, "Tomas Berg");
  const client = await clients.open(agent.cookie);
  await openConsole(client.page);
  const status = client.page.getByRole("group", { name: "Your status" });
  await expect(status.getByRole("radio", { name: "Online" })).toBeChecked();
  await status.getByText("Away").click();
  await expect(status.getByRole("radio", { name: "Away" })).toBeChecked();
  const team = (await (await api("/api/agent/team", { cookie: admin })).json()) as {
    id: number;
    availability: string;
  }[];
  expect(team.find((m) => m.id === agent.id)?.availability).toBe("away");
  // Keyboard: the arrow moves back to online.
  await status.getByRole("radio", { name: "Away" }).focus();
  await client.page.keyboard.press("ArrowLeft");
  await expect(status.getByRole("radio", { name: "Online" })).toBeChecked();
});

test("a second choice while the first is on its way sends nothing", async ({ clients, admin }) => {
  const agent = await newAgent(admin, "Double Status");
  const client = await clients.open(agent.cookie);
  await openConsole(client.page);
  const status = client.page.getByRole("group", { name: "Your status" });
  await expect(status.getByRole("radio", { name: "Online" })).toBeChecked();
  let requests = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await client.page.route("**/api/agent/me/status", async (route) => {
    requests += 1;
    await held;
    await route.continue();
  });
  await status.getByText("Away").dblclick();
  await expect(status.getByRole("radio", { name: "Away" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  // The first choice's request is on its way (it reaches the route a moment after it is sent).
  await expect.poll(() => requests).toBe(1);
  // Shown once the server took it: still online while the choice is on its way.
  await expect(status.getByRole("radio", { name: "Online" })).toBeChecked();
  // aria-disabled leaves the choices focusable and pressable: a press must send nothing.
  await status.getByText("Away").click({ force: true });
  await status.getByRole("radio", { name: "Online" }).focus();
  await client.page.keyboard.press("ArrowRight");
  expect(requests).toBe(1);
  release();
  await expect(status.getByRole("radio", { name: "Away" })).toBeChecked();
  await expect(status.getByRole("radio", { name: "Away" })).not.toHaveAttribute("aria-disabled");
  expect(requests).toBe(1);
});

test("an admin sets the routing settings; an agent reads them and cannot change them", async ({
  clients,
  admin,
}) => {
  const lead = await clients.open(admin);
  await openConsole(lead.page, "/console/settings");
  const routing = lead.page.getByRole("region", { name: "Routing" });
  await routing.getByLabel("Open chats per agent").fill("0");
  await routing.getByRole("button", { name: "Save routing" }).click();
  await expect(routing.getByText(/max_open_chats must be a whole number/)).toBeVisible();
  await routing.getByLabel("Open chats per agent").fill("4");
  await routing.getByLabel("End abandoned chats after (minutes)").fill("45");
  await routing.getByRole("button", { name: "Save routing" }).click();
  await expect(routing.getByRole("status")).toHaveText(/Saved/);

  const agent = await newAgent(admin, "Ivo Petrov");
  const client = await clients.open(agent.cookie);
  await openConsole(client.page, "/console/settings");
  const read = client.page.getByRole("region", { name: "Routing" });
  await expect(read.getByLabel("Open chats per agent")).toHaveValue("4");
  await expect(read.getByRole("button", { name: "Save routing" })).toHaveCount(0);
  await api("/api/agent/settings/routing", {
    method: "PUT",
    body: { max_open_chats: 5, abandoned_after_minutes: 30 },
    cookie: admin,
  });
});

test("an agent blocks a visitor from the visitor panel: the chat ends and the address is listed", async ({
  clients,
  admin,
}) => {
  const name = `Blocked Visitor ${Date.now().toString(36)}`;
  const visitor = await NodeVisitor.register(name);
  const client = await clients.open(admin);
  await openConsole(client.page, `/console/conversations/${visitor.conversationId}`);
  await client.page.getByRole("button", { name: "Block this visitor" }).click();
  await client.page.getByRole("button", { name: "Block", exact: true }).click();
  await expect(client.page.getByText(`${visitor.email} is blocked.`)).toBeVisible();
  await expect(consoleUi(client.page).ended).toBeVisible();
  const listed = (await (await api("/api/agent/blocked-visitors", { cookie: admin })).json()) as {
    email: string;
  }[];
  expect(listed.map((b) => b.email)).toContain(visitor.email);
  await api(`/api/agent/blocked-visitors/${encodeURIComponent(visitor.email)}`, {
    method: "DELETE",
    cookie: admin,
  });
});

for (const width of [768, 390]) {
  test(`the status toggle is within reach at ${width} px wide`, async ({ clients, admin }) => {
    const agent = await newAgent(admin, `Narrow ${width}`);
    const client = await clients.open(agent.cookie);
    await client.page.setViewportSize({ width, height: 800 });
    await openConsole(client.page);
    const status = client.page.getByRole("group", { name: "Your status" });
    await expect(status).toBeInViewport();
    await expect(status.getByRole("radio", { name: "Online" })).toBeChecked();
    // By keyboard, as on a wide screen: the arrow moves to away, and the team sees it.
    await status.getByRole("radio", { name: "Online" }).focus();
    await client.page.keyboard.press("ArrowRight");
    await expect(status.getByRole("radio", { name: "Away" })).toBeChecked();
    await expect
      .poll(async () => {
        const team = (await (await api("/api/agent/team", { cookie: admin })).json()) as {
          id: number;
          availability: string;
        }[];
        return team.find((m) => m.id === agent.id)?.availability;
      })
      .toBe("away");
    // Nothing on the frame runs past the screen's edge.
    const overflow = await client.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expectNoAxeViolations(client.page);
  });
}
