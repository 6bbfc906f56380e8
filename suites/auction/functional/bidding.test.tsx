/// <reference types="jest" />
// Hidden component tests of the auction task: proxy-bidding derivations the device suite
// does not reach (increment band edges, the cap at the leader's maximum, typed maxima, the
// order of the bid checks). Every expected string follows from tasks/auction/instruction.md.
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

function expectText(testID: string, text: string): void {
  expect(screen.getByTestId(testID)).toHaveTextContent(text);
}

function expectNoError(): void {
  expect(screen.queryByTestId("form-error")).toBeNull();
}

function noticeIds(): string[] {
  return screen.getAllByTestId(/^notice-\d+$/).map((el) => String(el.props.testID));
}

describe("proxy-bidding", () => {
  test("second-ranked maxima at the top of each increment band", async () => {
    await render(<App />);
    await openLot("lamp");
    await placeBid("avery", "5000");
    expectText("lot-price", "Current price: $15.00");

    await placeBid("blake", "24.99");
    expectNoError();
    expectText("lot-price", "Current price: $25.99");
    expectText("min-bid", "Minimum bid: $28.49");

    await placeBid("casey", "99.99");
    expectNoError();
    expectText("lot-price", "Current price: $102.49");
    expectText("min-bid", "Minimum bid: $107.49");

    await placeBid("drew", "249.99");
    expectNoError();
    expectText("lot-price", "Current price: $254.99");
    expectText("min-bid", "Minimum bid: $264.99");

    await placeBid("blake", "999.99");
    expectNoError();
    expectText("lot-price", "Current price: $1,009.99");
    expectText("min-bid", "Minimum bid: $1,034.99");
    expectText("lot-status", "Leading: Avery");
    expectText("lot-bids", "5 bids");

    await back();
    expectText("price-lamp", "$1,009.99");
    expectText("status-lamp", "Leading: Avery");
  });

  test("second-ranked maxima at the start of each increment band", async () => {
    await render(<App />);
    await openLot("lamp");
    await placeBid("avery", "5000");

    await placeBid("blake", "25");
    expectNoError();
    expectText("lot-price", "Current price: $27.50");
    expectText("min-bid", "Minimum bid: $30.00");

    await placeBid("casey", "100");
    expectNoError();
    expectText("lot-price", "Current price: $105.00");
    expectText("min-bid", "Minimum bid: $110.00");

    await placeBid("drew", "250");
    expectNoError();
    expectText("lot-price", "Current price: $260.00");
    expectText("min-bid", "Minimum bid: $270.00");

    await placeBid("blake", "1000");
    expectNoError();
    expectText("lot-price", "Current price: $1,025.00");
    expectText("min-bid", "Minimum bid: $1,050.00");
    expectText("lot-status", "Leading: Avery");
    expectText("lot-bids", "5 bids");

    await fireEvent.press(screen.getByTestId("tab-notices"));
    expectText("notice-3", "Blake was outbid at $27.50");
    expectText("notice-4", "Casey was outbid at $105.00");
    expectText("notice-5", "Drew was outbid at $260.00");
    expectText("notice-6", "Blake was outbid at $1,025.00");
    expectText("notice-lot-6", "Desk Lamp");
  });

  test("a beaten maximum just under the leader's lifts the price only to that leader's maximum", async () => {
    await render(<App />);
    await openLot("camera");
    await placeBid("casey", "74.99");
    expectNoError();
    expectText("lot-price", "Current price: $75.00");
    expectText("lot-status", "Leading: Avery");
    expectText("lot-bids", "3 bids");
    expectText("min-bid", "Minimum bid: $77.50");

    await placeBid("blake", "77.50");
    expectNoError();
    expectText("lot-price", "Current price: $77.50");
    expectText("lot-status", "Leading: Blake");
    expectText("min-bid", "Minimum bid: $80.00");

    await fireEvent.press(screen.getByTestId("tab-notices"));
    expectText("notice-3", "Casey was outbid at $75.00");
    expectText("notice-lot-3", "Vintage Camera");
    expectText("notice-4", "Avery was outbid at $77.50");
    expect(noticeIds()).toEqual(["notice-4", "notice-3", "notice-2", "notice-1"]);
  });

  test("a maximum typed with one decimal counts tenths of a dollar", async () => {
    await render(<App />);
    await openLot("lamp");
    await placeBid("avery", "42.5");
    expectNoError();
    expectText("lot-price", "Current price: $15.00");

    await placeBid("blake", "40");
    expectNoError();
    expectText("lot-price", "Current price: $42.50");
    expectText("lot-status", "Leading: Avery");
    expectText("min-bid", "Minimum bid: $45.00");

    await placeBid("casey", "45.1");
    expectNoError();
    expectText("lot-price", "Current price: $45.00");
    expectText("lot-status", "Leading: Casey");
    expectText("min-bid", "Minimum bid: $47.50");
  });

  test("malformed maxima are refused with the minimum bid", async () => {
    await render(<App />);
    await openLot("lamp");
    for (const typed of ["$20", "1,000", "16.999", "twenty"]) {
      await placeBid("blake", typed);
      expectText("form-error", "Bid at least $15.00");
    }
    expectText("lot-bids", "0 bids");
    expectText("lot-status", "No bids yet");
    expectText("lot-price", "Current price: $15.00");

    await placeBid("blake", "1000");
    expectNoError();
    expectText("lot-bids", "1 bid");
    expectText("lot-status", "Leading: Blake");
    expectText("min-bid", "Minimum bid: $16.00");
  });

  test("the leader check comes first and the bidder stays selected after a bid", async () => {
    await render(<App />);
    await openLot("camera");
    await fireEvent.press(screen.getByTestId("place-bid"));
    expectText("form-error", "Avery is already the highest bidder");

    await placeBid("blake", "abc");
    expectText("form-error", "Bid at least $65.00");

    await placeBid("blake", "70");
    expectNoError();
    expectText("lot-price", "Current price: $72.50");
    expectText("lot-status", "Leading: Avery");
    expectText("lot-bids", "3 bids");
    expectText("min-bid", "Minimum bid: $75.00");

    // Blake stays selected: typing without pressing a bidder bids as Blake.
    await fireEvent.changeText(screen.getByTestId("input-max"), "80");
    await fireEvent.press(screen.getByTestId("place-bid"));
    expectNoError();
    expectText("lot-price", "Current price: $77.50");
    expectText("lot-status", "Leading: Blake");
    expectText("lot-bids", "4 bids");

    await fireEvent.press(screen.getByTestId("place-bid"));
    expectText("form-error", "Blake is already the highest bidder");

    // The accepted bid emptied the input: Casey's press carries no amount.
    await fireEvent.press(screen.getByTestId("pick-bidder-casey"));
    await fireEvent.press(screen.getByTestId("place-bid"));
    expectText("form-error", "Bid at least $80.00");
    expectText("lot-bids", "4 bids");

    await fireEvent.press(screen.getByTestId("tab-notices"));
    expectText("notice-3", "Blake was outbid at $72.50");
    expectText("notice-4", "Avery was outbid at $77.50");
    expect(noticeIds()).toEqual(["notice-4", "notice-3", "notice-2", "notice-1"]);
  });
});
