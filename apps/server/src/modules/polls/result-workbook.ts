import type { PollDetail } from '@sq/contract/polls/get-poll';
import { MATTER_LABELS, squareMetres } from '@sq/contract/polls/owners-rules';
import { votePercent } from '@sq/contract/polls/poll-rules';
import { beijingCell, DATE_TIME_FORMAT } from '../../lib/xlsx/cells';
import { writeWorkbook } from '../../lib/xlsx/read-sheet';

const OUTCOME = { open: '投票进行中', passed: '通过', failed: '未通过', hidden: '结果未公布' } as const;

/**
 * The result as a workbook: the poll and its counts on 结果; for an owners' vote the thresholds of
 * art. 278 beside them, and for an open owners' vote every unit's choice on 每户表决. Numbers are
 * number cells, the deadline a date cell, so a spreadsheet can sum and filter them.
 */
export function resultWorkbook(detail: PollDetail, units: { label: string; area: string; choice: string | null }[] | null): Promise<Buffer> {
  const { poll } = detail;
  return writeWorkbook((workbook) => {
    const sheet = workbook.addWorksheet('结果');
    sheet.columns = [{ width: 26 }, { width: 14 }, { width: 18 }, { width: 14 }, { width: 12 }];
    sheet.addRow([poll.title]).font = { bold: true, size: 14 };
    if (poll.info) sheet.addRow([poll.info]);
    // Beijing's wall clock as a date cell (./cells): sortable, and the time the notice shows.
    sheet.addRow(['截止时间', beijingCell(new Date(poll.end_time * 1000))]).getCell(2).numFmt = DATE_TIME_FORMAT;
    sheet.addRow(['投票方式', `${poll.owners ? '业主表决（按户）' : '普通投票'}${poll.secret ? '，无记名' : '，记名'}`]);
    const owners = poll.owners;
    if (owners) {
      sheet.addRow(['事项类型', MATTER_LABELS[owners.matter]]);
      sheet.addRow(['表决结果', OUTCOME[owners.outcome]]);
      sheet.addRow([]);
      sheet.addRow(['', '户数', '专有部分面积（㎡）', '业主人数']).font = { bold: true };
      sheet.addRow(['总计', owners.total.units, Number(owners.total.area), owners.total.owners]);
      sheet.addRow(['参与表决', owners.voted.units, Number(owners.voted.area), owners.voted.owners]);
      for (const o of owners.options) {
        const title = poll.options.find((p) => p.option_id === o.option_id)?.title ?? '';
        sheet.addRow([title, o.units, Number(o.area), o.owners]);
      }
      sheet.addRow([]);
      sheet.addRow(['法定条件（民法典第二百七十八条）', '要求', '实际', '基数', '是否达到']).font = { bold: true };
      for (const t of owners.thresholds) {
        const area = t.key.endsWith('Area');
        sheet.addRow([t.label, t.rule, area ? Number(squareMetres(t.value)) : t.value, area ? Number(squareMetres(t.of)) : t.of, t.met ? '达到' : '未达到']);
      }
    } else {
      sheet.addRow(['投票人数', poll.voters]);
      sheet.addRow([]);
      sheet.addRow(['选项', '票数', '占比（%）']).font = { bold: true };
      const total = poll.options.reduce((n, o) => n + o.votes, 0);
      for (const o of poll.options) sheet.addRow([o.title, o.votes, votePercent(o.votes, total)]);
    }
    if (units) {
      const list = workbook.addWorksheet('每户表决');
      list.columns = [
        { header: '房屋', width: 18 },
        { header: '专有部分面积（㎡）', width: 18 },
        { header: '表决意见', width: 12 },
      ];
      list.getRow(1).font = { bold: true };
      for (const u of units) list.addRow([u.label, Number(u.area), u.choice ?? '未投票']);
    }
  });
}
