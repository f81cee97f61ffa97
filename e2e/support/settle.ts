// Waiting for states, never for time: a fixed sleep is too short on a loaded machine and wasted on a fast one.
import type { Locator, Page } from 'playwright-core';

// Two animation frames: whatever a click or a scroll started (a scroll handler, a React commit, a transition's first
// frame) has begun
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

// The element's CSS transitions and animations (its own and its descendants') have finished: a dialog's fade-in, a
// drawer's slide, a dropdown's opening, a button stepping aside
export async function animationsDone(target: Locator): Promise<void> {
  await nextFrames(target.page());
  await target.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined))),
  );
}

// Everything the page asked for has been answered and drawn: before asserting that something did NOT appear (a toast
// that would follow a server's answer)
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await nextFrames(page);
  await animationsDone(page.locator('body'));
}
