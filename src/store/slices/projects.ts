import type { StoreApi } from 'zustand';
import type { AppState, ProjectsSlice } from '../types';

export const createProjectsSlice = (set: StoreApi<AppState>['setState']): ProjectsSlice => ({
  projects: [],
  loaded: false,
  saveError: null,
  loadError: null,
  access: { mode: 'edit' },
  brokenProjects: [],
  refusedEdits: 0,
  setAccess: (access) => set({ access, refusedEdits: 0 }),
  setBrokenProjects: (brokenProjects) => set({ brokenProjects }),
  setProjects: (projects) => set({ projects }),
  setLoaded: (loaded) => set({ loaded }),
  setSaveError: (saveError) => set({ saveError }),
  setLoadError: (loadError) => set({ loadError }),
});
