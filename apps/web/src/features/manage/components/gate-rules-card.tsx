import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Toast from 'antd-mobile/es/components/toast';
import { GateSettingsMsg, REENTRY_MAX_MINUTES } from '@sq/contract/pass/gate-settings';
import { useGateSettings, useSaveGateSettings } from '../api/gate-settings';

/** What the rule means at the gate, in one sentence a guard and a resident both understand. */
const ruleText = (minutes: number) =>
  minutes === 0 ? '不限制：同一通行证可连续登记进入。' : `同一通行证登记进入后${minutes}分钟内，须先登记离开才能再次进入（防止一证多人）。`;

/**
 * 门禁规则 on /areamsg: the re-entry window of the community's gates. Every staff member sees it
 * (the scanner refuses by it); managers and administrators change it.
 */
export function GateRulesCard({ poiId, canEdit }: { poiId: string; canEdit: boolean }) {
  const settings = useGateSettings(poiId);
  const save = useSaveGateSettings(poiId);
  const [draft, setDraft] = useState<string | null>(null);
  if (!settings.data) return null;
  const value = draft ?? String(settings.data.reentryMinutes);

  const submit = () => {
    const minutes = Number(value);
    if (!/^\d+$/.test(value.trim()) || minutes > REENTRY_MAX_MINUTES) return void Toast.show({ content: GateSettingsMsg.reentry });
    save.mutate(minutes, { onSuccess: () => (Toast.show({ icon: 'success', content: '已保存' }), setDraft(null)) });
  };

  return (
    <section className="mg-card cg-rules" aria-labelledby="cg-rules-title">
      <h2 id="cg-rules-title" className="cg-code-title">
        门禁规则
      </h2>
      <p className="cg-rules-text">
        {ruleText(settings.data.reentryMinutes)}
        {settings.data.custom ? '' : '（默认）'}
      </p>
      {canEdit && (
        <form
          className="cg-rules-form"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <label className="cg-rules-label" htmlFor="cg-reentry">
            再次进入间隔（分钟，0为不限制）
          </label>
          <div className="cg-rules-row">
            <Input id="cg-reentry" type="number" inputMode="numeric" value={value} onChange={setDraft} aria-label="再次进入间隔（分钟）" />
            <Button type="submit" color="primary" shape="rounded" loading={save.isPending}>
              保存
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
