// The open project's named versions for the .zip export (issue 15): how many there are, kept
// fresh while the panel is open, and the versions themselves, read only when the .zip is made.
import { useEffect, useState } from 'react';
import type { PortableVersion } from '../../formats/version-files';
import type { VersionRepository } from '../../store/versions/repository';

export function useNamedVersions(versions: VersionRepository | undefined, projectId: string): { count: number; load(): Promise<PortableVersion[]> } {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!versions) return;
    let live = true;
    const refresh = () => void versions.list(projectId).then((list) => live && setCount(list.filter((v) => v.kind === 'named').length), () => undefined);
    refresh();
    // A version named in the Versions tab meanwhile shows the button without reopening the panel.
    const timer = setInterval(refresh, 3000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [versions, projectId]);
  const load = async (): Promise<PortableVersion[]> => {
    if (!versions) return [];
    const named = (await versions.list(projectId)).filter((v) => v.kind === 'named');
    const read = await Promise.all(named.map((v) => versions.get(projectId, v.id)));
    return read.flatMap((v) => (v ? [{ at: v.at, ...(v.note ? { note: v.note } : {}), doc: v.doc }] : []));
  };
  return { count, load };
}
