import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { AppStore } from './create';
import type { ProjectsController } from './projects-controller';
import type { AppState } from './types';
import type { VersionRepository } from './versions/repository';

interface AppServices {
  store: AppStore;
  projects: ProjectsController;
  /** The open project's version history (issue 15); absent where IndexedDB is not wanted (unit tests of panels). */
  versions?: VersionRepository;
}

const ServicesContext = createContext<AppServices | null>(null);

export function AppProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('useServices needs <AppProvider>');
  return services;
}

/** Components read the store through small selectors (zustand's guidance; xyflow's useNodes). */
export function useApp<T>(selector: (state: AppState) => T): T {
  return useStore(useServices().store, selector);
}

export const useStoreApi = (): AppStore => useServices().store;
