/// <reference types="jest" />
import React from "react";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react-native";

import App from "../App";

test("the seed app renders and answers", async () => {
  jest.spyOn(console, "warn").mockImplementation(() => {});
  await render(<App />);
  await fireEvent.changeText(screen.getByTestId("seed-input"), "typed");
  await fireEvent(screen.getByTestId("seed-switch"), "valueChange", true);
  await fireEvent.press(screen.getByTestId("seed-press"));
  await waitFor(() => expect(screen.getByText("typed")).toBeTruthy());
  await act(async () => {});
  expect(within(screen.getByTestId("seed-close")).getByText("typed")).toBeTruthy();
});
