import { vipLevelBody } from '@soar/contract';
import { Button, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../shared/confirm.ts';
import { zodRule } from '../../shared/validation.ts';

type Values = { vipLevel: number };

/**
 * A member's VIP level, 0 to 10 as the server checks it (docs/admin.md, Rules): a level out of
 * range is refused under the field with the reason, never clamped to the nearest allowed one.
 */
export function VipLevelForm({
  member,
  onSave,
}: {
  member: { uid: string; vipLevel: number };
  onSave: (vipLevel: number) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const typed = Form.useWatch('vipLevel', form);
  const label = t('members.vipLevel');
  const save = ({ vipLevel }: Values) =>
    void confirmAction({
      title: t('members.confirm.vip', { uid: member.uid, level: vipLevel }),
      onOk: () => onSave(vipLevel),
    });
  return (
    <Form<Values>
      form={form}
      layout="inline"
      initialValues={{ vipLevel: member.vipLevel }}
      onFinish={save}
      validateTrigger="onChange"
    >
      <Form.Item name="vipLevel" rules={[zodRule(vipLevelBody.shape.vipLevel, label)]} style={{ marginInlineEnd: 8 }}>
        <InputNumber aria-label={label} style={{ width: 80 }} data-testid="vip-level" />
      </Form.Item>
      <Button htmlType="submit" disabled={typed === member.vipLevel} data-testid="vip-save">
        {t('common.save')}
      </Button>
    </Form>
  );
}
