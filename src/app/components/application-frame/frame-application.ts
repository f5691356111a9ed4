import { createContext, useContext } from 'react';
import type { LocalApplication } from '../../db/records';

/**
 * The application of the screen's frame (set by ApplicationGate once it is on the phone), and
 * whether the frame shows the review remarks panel itself (then a screen's own copy stays empty).
 */
export type FrameApplication = { app: LocalApplication; remarksInFrame: boolean };

export const FrameApplicationContext = createContext<FrameApplication | undefined>(undefined);

/** The frame's application, for shared components inside a screen (the review remarks panel). */
export const useFrameApplication = (): FrameApplication | undefined => useContext(FrameApplicationContext);
