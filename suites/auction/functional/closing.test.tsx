/// <reference types="jest" />
// Hidden component tests of the auction task: the reserve at its exact edge, closing lots
// and the Results totals. Every expected string follows from tasks/auction/instruction.md.
import React from "react";
import { fireEvent, render, screen } from "@testing-library/react-native";

import App from "../App";

// The first render of a run loads and transforms React Native's modules (seconds on a cold
// jest cache); doing it once here keeps that cost out of the first test's own time limit.
beforeAll(async () => {
  const warm = await render(<App />);
  await warm.unmount();
}, 60000);

async function openLot(key: string): Promise<void> {
  await fireEvent.press(screen.getByTestId(`lot-${key}`));
}

async function back(): Promise<void> {
  await fireEvent.press(screen.getByTestId("back"));
}

async function placeBid(bidder: string, maximum: string): Promise<void> {
  await fireEvent.press(screen.getByTestId(`pick-bidder-${bidder}`));
  await fireEvent.changeText(screen.getByTestId("input-max"), maximum);
  await fireEvent.press(screen.getByTestId("place-bid"));
}

async function closeLot(): Promise<void> {
  await fireEvent.press(screen.getByTestId("close-lot"));
}

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text);
}

function expectNoError(): void {
  expect(screen.queryByTestId("form-error")).toBeNull();
}

function resultIds(): string[] {
  return screen
    .getAllByTestId(/^result-(camera|telescope|lamp|painting)$/)
    .map((el) => String(el.props.testID));
}

describe("reserve-and-results", () => {
  test("a leader's maximum exactly at the reserve meets it and sells at the reserve", async () => {
    await render(<App />);
    await openLot("telescope");
    await placeBid("drew", "300");
    expectNoError();
    expectText("lot-price", "Current price: $300.00");
    expectText("lot-reserve", "Reserve met");
    expectText("lot-status", "Leading: Drew");
    expectText("min-bid", "Minimum bid: $310.00");

    await closeLot();
    expectText("lot-status", "Sold to Drew for $300.00");
    expect(screen.queryByTestId("lot-reserve")).toBeNull();

    await fireEvent.press(screen.getByTestId("tab-results"));
    expectText("result-telescope", "Sold to Drew for $300.00");
    expectText("total-sales", "Total sales: $300.00");
    expectText("sold-count", "1 of 4 lots sold");

    await fireEvent.press(screen.getByTestId("tab-notices"));
    expectText("notice-3", "Casey was outbid at $300.00");
  });

  test("a second-ranked maximum at the reserve prices the lot above it", async () => {
    await render(<App />);
    await openLot("telescope");
    await placeBid("drew", "300");
    await placeBid("avery", "400");
    expectNoError();
    expectText("lot-price", "Current price: $310.00");
    expectText("lot-reserve", "Reserve met");
    expectText("lot-status", "Leading: Avery");
    expectText("lot-bids", "3 bids");
    expectText("min-bid", "Minimum bid: $320.00");

    await closeLot();
    expectText("lot-status", "Sold to Avery for $310.00");
    await back();
    expectText("status-telescope", "Sold to Avery for $310.00");
    expectText("price-telescope", "$310.00");

    await fireEvent.press(screen.getByTestId("tab-notices"));
    expectText("notice-4", "Drew was outbid at $310.00");
    expectText("notice-lot-4", "Brass Telescope");
  });

  test("an equal maximum above the reserve leaves the earlier bidder leading at that maximum", async () => {
    await render(<App />);
    await openLot("telescope");
    await placeBid("drew", "350");
    expectText("lot-price", "Current price: $300.00");
    await placeBid("blake", "350");
    expectNoError();
    expectText("lot-price", "Current price: $350.00");
    expectText("lot-status", "Leading: Drew");
    expectText("lot-reserve", "Reserve met");
    expectText("lot-bids", "3 bids");
    expectText("min-bid", "Minimum bid: $360.00");

    await closeLot();
    expectText("lot-status", "Sold to Drew for $350.00");

    await fireEvent.press(screen.getByTestId("tab-notices"));
    expectText("notice-3", "Casey was outbid at $300.00");
    expectText("notice-4", "Blake was outbid at $350.00");
    expectText("notice-lot-4", "Brass Telescope");
  });

  test("a leader's maximum a cent below the reserve leaves the lot unsold", async () => {
    await render(<App />);
    await openLot("telescope");
    await placeBid("drew", "299.99");
    expectNoError();
    expectText("lot-price", "Current price: $185.00");
    expectText("lot-reserve", "Reserve not met");
    expectText("lot-status", "Leading: Drew");
    expectText("min-bid", "Minimum bid: $190.00");

    await closeLot();
    expectText("lot-status", "Not sold");
    expectText("lot-price", "Current price: $185.00");
    expectText("lot-bids", "2 bids");
    for (const gone of ["lot-reserve", "min-bid", "input-max", "place-bid", "close-lot",
      "pick-bidder-avery", "pick-bidder-blake", "pick-bidder-casey", "pick-bidder-drew"]) {
      expect(screen.queryByTestId(gone)).toBeNull();
    }

    await back();
    expectText("status-telescope", "Not sold");
    expectText("price-telescope", "$185.00");
    await fireEvent.press(screen.getByTestId("tab-results"));
    expectText("result-telescope", "Not sold");
    expectText("total-sales", "Total sales: $0.00");
    expectText("sold-count", "0 of 4 lots sold");
  });

  test("results list lots in closing order and total past a million", async () => {
    await render(<App />);
    await fireEvent.press(screen.getByTestId("tab-results"));
    expect(screen.getByText("No lots closed yet")).toBeOnTheScreen();

    await fireEvent.press(screen.getByTestId("tab-lots"));
    await openLot("painting");
    await placeBid("avery", "1000000");
    expectNoError();
    expectText("lot-price", "Current price: $1,025.00");
    await placeBid("blake", "999999.99");
    expectNoError();
    expectText("lot-price", "Current price: $1,000,000.00");
    expectText("lot-status", "Leading: Avery");
    expectText("min-bid", "Minimum bid: $1,000,025.00");
    await closeLot();
    expectText("lot-status", "Sold to Avery for $1,000,000.00");
    await back();

    await openLot("camera");
    await closeLot();
    await back();
    await openLot("lamp");
    await closeLot();
    await back();
    expectText("price-painting", "$1,000,000.00");
    expectText("status-lamp", "Not sold");
    expectText("status-telescope", "Leading: Casey");

    await fireEvent.press(screen.getByTestId("tab-results"));
    expect(screen.queryByText("No lots closed yet")).toBeNull();
    expect(resultIds()).toEqual(["result-painting", "result-camera", "result-lamp"]);
    expectText("result-painting", "Sold to Avery for $1,000,000.00");
    expectText("result-camera", "Sold to Avery for $62.50");
    expectText("result-lamp", "Not sold");
    expectText("total-sales", "Total sales: $1,000,062.50");
    expectText("sold-count", "2 of 4 lots sold");

    await fireEvent.press(screen.getByTestId("tab-notices"));
    expectText("notice-3", "Drew was outbid at $1,025.00");
    expectText("notice-4", "Blake was outbid at $1,000,000.00");
  });
});
