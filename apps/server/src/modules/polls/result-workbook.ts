import { beijingDate, beijingDateTime } from '@sq/contract/beijing-time';
import type { PollDetail } from '@sq/contract/polls/get-poll';
import { MATTER_LABELS, squareMetres } from '@sq/contract/polls/owners-rules';
import { AREA_SOURCE_SHORT, type AreaSource } from '@sq/contract/polls/owners-count';
import { votePercent } from '@sq/contract/polls/poll-rules';
import { VOIDED } from '@sq/contract/polls/paper-proxy';
import { beijingCell, DATE_TIME_FORMAT } from '../../lib/xlsx/cells';
import { writeWorkbook } from '../../lib/xlsx/read-sheet';
import type { ExportProcedure } from './procedure-service';

const OUTCOME = { open: '投票进行中', passed: '通过', failed: '未通过', hidden: '结果未公布' } as const;

/**
 * The result as a workbook: the poll and its counts on 结果; for an owners' vote the thresholds of
 * art. 278 beside them, and for an open owners' vote every unit's choice on 每户表决. Numbers are
 * number cells, the deadline a date cell, so a spreadsheet can sum and filter them.
 */
export interface RollRow {
  label: string;
  areaCenti: number;
  areaSource: number | null;
  ownerNo: number;
  choice: string | null;
}

export function resultWorkbook(detail: PollDetail, units: RollRow[] | null, community = '', procedure: ExportProcedure | null = null): Promise<Buffer> {
  const { poll } = detail;
  return writeWorkbook((workbook) => {
    const sheet = workbook.addWorksheet('结果');
    sheet.columns = [{ width: 26 }, { width: 14 }, { width: 18 }, { width: 14 }, { width: 12 }];
    sheet.addRow([poll.title]).font = { bold: true, size: 14 };
    if (poll.info) sheet.addRow([poll.info]);
    if (community) sheet.addRow(['小区', community]);
    // Beijing's wall clock as a date cell (./cells): sortable, and the time the notice shows.
    sheet.addRow(['截止时间', beijingCell(new Date(poll.end_time * 1000))]).getCell(2).numFmt = DATE_TIME_FORMAT;
    sheet.addRow(['投票方式', `${poll.owners ? '业主表决（按户）' : '普通投票'}${poll.secret ? '，无记名' : '，记名'}`]);
    const owners = poll.owners;
    const dateCell = (label: string, at: Date) => {
      sheet.addRow([label, beijingCell(at)]).getCell(2).numFmt = DATE_TIME_FORMAT;
    };
    if (owners) {
      // The procedure's dates and people (issue 37 item 6): enough to check the notice against.
      if (procedure) sheet.addRow(['发布单位', procedure.issuer]);
      dateCell('公告时间', new Date(owners.announced * 1000));
      sheet.addRow(['名册日期', `${beijingDate(new Date(owners.announced * 1000))}（公告之日的房屋登记）`]);
      dateCell('表决开始', new Date((owners.start_time ?? owners.announced) * 1000));
      if (owners.extendReason) sheet.addRow(['延期理由', owners.extendReason]);
      if (owners.cancelled) {
        dateCell('取消时间', new Date(owners.cancelled.at * 1000));
        sheet.addRow(['取消理由', owners.cancelled.reason]);
      }
      if (procedure) {
        sheet.addRow(['计票人', procedure.counters.join('、') || '未指定']);
        sheet.addRow(['监票人', procedure.scrutineers.join('、') || '未指定']);
        dateCell('异议截止', procedure.objectionsUntil);
      }
      if (owners.matterText) sheet.addRow(['表决事项', owners.matterText]);
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
      if (owners.channels) {
        const ch = owners.channels;
        sheet.addRow(['按投票方式（户）', `线上${ch.online}户，委托人${ch.proxy}户，纸质票${ch.paper}户`]);
      }
      sheet.addRow([]);
      sheet.addRow(['法定条件（民法典第二百七十八条）', '要求', '实际', '基数', '是否达到']).font = { bold: true };
      for (const t of owners.thresholds) {
        const area = t.key.endsWith('Area');
        sheet.addRow([t.label, t.rule, area ? Number(squareMetres(t.value)) : t.value, area ? Number(squareMetres(t.of)) : t.of, t.met ? '达到' : '未达到']);
      }
      sheet.addRow([]);
      sheet.addRow(['业主人数的计算', owners.countRule]);
      sheet.addRow(['专有部分面积的依据', owners.areaRule]);
      const s = owners.areaSources;
      sheet.addRow(['面积来源（户数）', `登记${s.registered}户，实测${s.surveyed}户，合同${s.contract}户，未登记来源${s.unknown}户`]);
      for (const c of procedure?.corrections ?? []) {
        sheet.addRow(['名册更正', `${beijingDateTime(c.at)} ${c.label}：面积 ${squareMetres(c.areaBefore)}→${squareMetres(c.areaAfter)}㎡，理由：${c.reason}`]);
      }
      if (owners.areaRoundedTo) sheet.addRow(['面积公布方式', `无记名表决的各选项面积按${owners.areaRoundedTo}平方米取整公布，是否通过按精确面积计算`]);
    } else {
      sheet.addRow(['投票人数', poll.voters]);
      sheet.addRow([]);
      sheet.addRow(['选项', '票数', '占比（%）']).font = { bold: true };
      const total = poll.options.reduce((n, o) => n + o.votes, 0);
      for (const o of poll.options) sheet.addRow([o.title, o.votes, votePercent(o.votes, total)]);
    }
    if (owners && procedure?.notCounted.length) {
      // Ballots that did not count: refused (the home had voted) and paper ballots voided with a reason.
      const list = workbook.addWorksheet('未计入的票');
      list.columns = [{ header: '房屋', width: 18 }, { header: '方式', width: 12 }, { header: '状态', width: 10 }, { header: '时间', width: 18 }, { header: '作废理由', width: 40 }];
      list.getRow(1).font = { bold: true };
      for (const r of procedure.notCounted) {
        const row = list.addRow([r.label, r.channel, r.voidReason ? VOIDED : '未计入', beijingCell(r.at), r.voidReason ?? '']);
        row.getCell(4).numFmt = DATE_TIME_FORMAT;
      }
    }
    if (units) {
      // Every home of the roll: with the owner numbers and areas anyone can recount both figures;
      // a secret vote lists no choices.
      const list = workbook.addWorksheet('每户表决');
      const secret = poll.secret;
      list.columns = [
        { header: '房屋', width: 18 },
        { header: '专有部分面积（㎡）', width: 18 },
        { header: '面积来源', width: 12 },
        { header: '业主编号', width: 10 },
        ...(secret ? [] : [{ header: '表决意见', width: 12 }]),
      ];
      list.getRow(1).font = { bold: true };
      for (const u of units) {
        const source = u.areaSource && u.areaSource in AREA_SOURCE_SHORT ? AREA_SOURCE_SHORT[u.areaSource as AreaSource] : '未登记来源';
        list.addRow([u.label, Number(squareMetres(u.areaCenti)), source, u.ownerNo, ...(secret ? [] : [u.choice ?? '未投票'])]);
      }
    }
  });
}
