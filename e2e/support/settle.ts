// Waiting for states, never for time: a fixed sleep is too short on a loaded machine and wasted on a fast one.
import type { Locator, Page } from 'playwright-core';

// Two animation frames: whatever a click or a scroll started (a scroll handler, a React commit, a transition's first
// frame) has begun
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

// The element's CSS transitions and animations (its own and its descendants'; a page's: its body's) have finished: a
// dialog's fade-in, a drawer's slide, a dropdown's opening, a button stepping aside. One that repeats for ever (a
// spinner) never finishes and is not waited for.
export async function animationsDone(target: Locator | Page): Promise<void> {
  const element = 'mainFrame' in target ? target.locator('body') : target;
  await nextFrames(element.page());
  await element.evaluate((root) =>
    Promise.all(
      root
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

// Everything the page asked for has been answered and drawn: before asserting that something did NOT appear (a toast
// that would follow a server's answer)
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await nextFrames(page);
  await animationsDone(page);
}
