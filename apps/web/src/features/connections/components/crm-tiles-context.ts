import { createContext, useContext } from 'react';

/**
 * A CRM platform of the Add Connections dialog whose connect flow lives in its own feature
 * (Salesforce): src/app provides it, so this feature never imports that one.
 */
export interface CrmTile {
  /** Why the tile cannot be chosen (one connection exists, not configured), or null. */
  disabledReason: string | null;
  /** Opens the platform's own creation modal. */
  open: () => void;
}

export const CrmTilesContext = createContext<{ salesforce?: CrmTile }>({});

export const useCrmTiles = () => useContext(CrmTilesContext);
