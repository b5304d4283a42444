import { useState } from 'react';
import { Link } from 'react-router';
import type { ResidentPollItem } from '@sq/contract/polls/list-polls';
import { WebRoute } from '@sq/contract/routes';
import { formatEndTime } from '../lib/picker-time';
import { timeLeft } from '../lib/time-left';
import './poll-list-card.css';

type Tone = 'green' | 'grey' | 'blue' | 'amber';
const Chip = ({ tone, children }: { tone: Tone; children: string }) => <span className={`poll-chip poll-chip-${tone}`}>{children}</span>;

/**
 * One poll of a list (/chiocelist, /vote), the whole card a link to it: its title, whether it is
 * open, its kind, what it is to me (mine, voted, waiting for my vote), deadline and turnout.
 */
export function PollListCard({ poll }: { poll: ResidentPollItem }) {
  const { owners, canVote: waiting } = poll;
  // The phone's clock, only for the words of the time left: whether it is open is the server's say.
  const [now] = useState(Date.now);
  return (
    <Link className={`poll-card-link${waiting ? ' poll-card-waiting' : ''}`} to={`${WebRoute.poll}?id=${encodeURIComponent(poll._id)}`}>
      <span className="poll-card-title">{poll.title}</span>
      <span className="poll-card-chips">
        {waiting && <Chip tone="amber">待投票</Chip>}
        <Chip tone={poll.expired ? 'grey' : 'green'}>{poll.expired ? '已截止' : '进行中'}</Chip>
        <Chip tone={owners ? 'blue' : 'grey'}>{owners ? '业主表决' : poll.type === 1 ? '多选' : '单选'}</Chip>
        {poll.secret && <Chip tone="grey">无记名</Chip>}
        {poll.isAdmin === '1' && <Chip tone="blue">我发起的</Chip>}
        {poll.isVote === '1' && <Chip tone="green">已投票</Chip>}
      </span>
      <span className="poll-card-meta">
        <span>
          截止 {formatEndTime(poll.end_time)}
          {!poll.expired && `（${timeLeft(poll.end_time, now)}）`}
        </span>
        <span>{owners ? `${poll.voters}户已投` : `${poll.voters}人参与`}</span>
      </span>
    </Link>
  );
}
