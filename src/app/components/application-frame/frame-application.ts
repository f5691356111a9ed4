import { createContext, useContext } from 'react';
import type { LocalApplication } from '../../db/records';

/** The application of the screen's frame (set by ApplicationGate once it is on the phone). */
export const FrameApplicationContext = createContext<LocalApplication | undefined>(undefined);

/** The frame's application, for shared components inside a screen (the review remarks panel). */
export const useFrameApplication = (): LocalApplication | undefined => useContext(FrameApplicationContext);
