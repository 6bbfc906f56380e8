/// <reference types="jest" />

import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

// Under a busy machine a test that renders the app several times needs more than the default.
jest.setTimeout(60000);

// Every expected string below follows from tasks/library/instruction.md (re-derived from the
// public seed data by suites/library/derive.py).

async function tap(testID: string): Promise<void> {
  await fireEvent.press(screen.getByTestId(testID));
}

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text, { exact: true });
}

async function returnLoan(member: string, button: string): Promise<void> {
  await tap("tab-members");
  await tap(`member-${member}`);
  await tap(button);
  await tap("confirm-return");
}

async function openTitle(key: string): Promise<void> {
  await tap("tab-catalogue");
  await tap(`open-${key}`);
}

beforeAll(async () => {
  const warmUp = await render(<App />);
  await warmUp.unmount();
}, 180000);

describe("desk", () => {
  test("pressing Check out twice lends one copy; nobody chosen does nothing", async () => {
    await render(<App />);
    await openTitle("glass");
    await tap("checkout");
    expect(screen.queryByTestId("desk-notice")).toBeNull();
    expect(screen.queryByTestId("desk-error")).toBeNull();
    await tap("pick-member-dev");
    await tap("checkout");
    await tap("checkout");
    expectText("desk-notice", "Copy 1 checked out to Dev Patel, due May 6, 2026");
    expectText("detail-avail", "1 of 3 available");
    expectText("copy-3", "Copy 3: available");
    await tap("tab-members");
    expectText("member-loans-dev", "Loans: 3 of 4");
  });

  test("the loan limit is 4: the fourth loan is lent, a fifth refused", async () => {
    await render(<App />);
    await openTitle("clockwork");
    await tap("pick-member-dev");
    await tap("checkout");
    expectText("desk-notice", "Copy 1 checked out to Dev Patel, due Apr 22, 2026");
    await tap("pick-member-dev");
    await tap("checkout");
    expectText("desk-notice", "Copy 2 checked out to Dev Patel, due Apr 22, 2026");
    await openTitle("tide");
    await tap("pick-member-dev");
    await tap("checkout");
    expectText("desk-error", "Dev Patel is at the limit of 4 loans");
    expectText("detail-avail", "1 of 1 available");
    await openTitle("coastal");
    await tap("pick-member-eli");
    await tap("checkout");
    expectText("desk-notice", "Copy 2 checked out to Eli Moss, due Apr 29, 2026");
  });

  test("renewals: holds are checked before overdue, then a second renewal", async () => {
    await render(<App />);
    await tap("tab-members");
    await tap("member-ana");
    await tap("renew-1");
    expectText("member-error", "Cannot renew: 2 holds are waiting for The Salt Road");
    await tap("renew-2");
    expectText("member-notice", "Renewed: now due May 13, 2026");
    expectText("loan-title-4", "Glass Mountain");
    expectText("loan-title-2", "Knitting Now");
    await tap("renew-4");
    expectText("member-error", "Cannot renew: already renewed once");
    await tap("back");
    await tap("member-ben");
    await tap("renew-1");
    expectText("member-error", "Cannot renew: 1 hold is waiting for Deep Field");
  });
});

describe("returns and holds", () => {
  test("Cancel changes nothing; Confirm gives the copy to the first in line and charges the fine", async () => {
    await render(<App />);
    await tap("tab-members");
    await tap("member-ana");
    await tap("return-1");
    expectText("confirm-text", "Return The Salt Road, copy 1, from Ana Reyes?");
    expectText("confirm-fine", "A fine of $1.25 will be charged");
    await tap("cancel-return");
    expect(screen.queryByTestId("confirm-text")).toBeNull();
    expectText("detail-loans", "Loans: 4 of 4");
    expectText("loan-title-1", "The Salt Road");
    await tap("return-1");
    await tap("confirm-return");
    expectText("member-notice", "The Salt Road, copy 1, returned: ready for pickup for Dev Patel");
    expectText("detail-loans", "Loans: 3 of 4");
    expectText("detail-fines", "Fines: $1.25");
    await openTitle("salt-road");
    expectText("copy-1", "Copy 1: ready for pickup for Dev Patel");
    expectText("queue-1", "1. Eli Moss");
    expect(screen.queryByTestId("queue-2")).toBeNull();
  });

  test("a member with a copy kept for them already has a hold; a new hold counts only those waiting", async () => {
    await render(<App />);
    await returnLoan("cara", "return-2");
    expectText("member-notice", "The Salt Road, copy 3, returned: ready for pickup for Dev Patel");
    await openTitle("salt-road");
    await tap("pick-member-dev");
    await tap("place-hold");
    expectText("desk-error", "Dev Patel already has a hold on this title");
    await tap("pick-member-ben");
    await tap("place-hold");
    expectText("desk-notice", "Hold placed for Ben Okafor: #2 in line");
    expectText("queue-2", "2. Ben Okafor");
    expectText("detail-avail", "0 of 3 available");
  });

  test("picking up takes the copy kept for the member, even when a lower copy is available", async () => {
    await render(<App />);
    await returnLoan("cara", "return-2");
    await returnLoan("ben", "return-2");
    expectText("member-notice", "The Salt Road, copy 2, returned: ready for pickup for Eli Moss");
    await returnLoan("ana", "return-1");
    expectText("member-notice", "The Salt Road, copy 1, returned: now available");
    await openTitle("salt-road");
    expectText("detail-avail", "1 of 3 available");
    expectText("queue-empty", "No holds");
    await tap("pick-member-dev");
    await tap("checkout");
    expectText("desk-notice", "Copy 3 checked out to Dev Patel, due May 6, 2026");
    expectText("copy-1", "Copy 1: available");
    expectText("copy-2", "Copy 2: ready for pickup for Eli Moss");
    await tap("tab-members");
    expect(screen.queryByTestId("member-ready-dev")).toBeNull();
    expectText("member-ready-eli", "1 ready for pickup");
  });
});
